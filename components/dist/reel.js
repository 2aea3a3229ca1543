var yn=i=>{throw TypeError(i)};var An=(i,e,t)=>e.has(i)||yn("Cannot "+t);var Tn=(i,e,t)=>(An(i,e,"read from private field"),t?t.call(i):e.get(i)),Sn=(i,e,t)=>e.has(i)?yn("Cannot add the same private member more than once"):e instanceof WeakSet?e.add(i):e.set(i,t),kn=(i,e,t,r)=>(An(i,e,"write to private field"),r?r.call(i,t):e.set(i,t),t);function Le(i){(!Number.isFinite(i)||i<0)&&(i=0);let e=Math.floor(i%60),t=Math.floor(i/60%60),r=Math.floor(i/3600),s=String(e).padStart(2,"0");return r>0?`${r}:${String(t).padStart(2,"0")}:${s}`:`${t}:${s}`}function Ct(i){if(!Number.isFinite(i)||i<0)return"";if(i<1e3)return`${i} B`;let e=["kB","MB","GB","TB"],t=i,r=-1;do t/=1e3,r++;while(t>=1e3&&r<e.length-1);return`${t<10?t.toFixed(1):Math.round(t)} ${e[r]}`}var In=["play","time","seek","volume","subtitles","fullscreen"],$l=[...In,"audiotracks","chapters","quality","rate","pip","airplay"],Mn=["subtitles","audiotracks","chapters","quality","rate","pip","airplay"],Nl=[...In,"audiotracks","chapters","quality","airplay"];function xt(i){if(i==null)return new Set(Nl);let e=new Set(i.toLowerCase().split(/[\s,]+/).filter(Boolean));return new Set($l.filter(t=>e.has(t)))}function Is(i,e,t,r){let s=(e||"all").trim().toLowerCase(),a=i.find(u=>r&&ye(u.language,r))||i[0],n;if(s==="off")n=[];else if(s==="all")n=i.slice();else if(s==="original")n=a?[a]:[];else{let u=s.split(/[\s,]+/);n=i.filter(f=>u.some(p=>ye(f.language,p)))}let o=null,d=(t||"").trim().toLowerCase();return d==="original"?o=a&&n.includes(a)?a.language:null:d&&d!=="off"&&(o=n.find(u=>ye(u.language,d))?.language??null),{offered:n,active:o}}function ye(i,e){let t=i.toLowerCase(),r=e.toLowerCase();return t===r||t.split("-")[0]===r.split("-")[0]}function Dt(i,e=1e3,t=3e4){return Math.min(t,Math.round(e*Math.pow(1.6,i)))}function ve(i,e){return!i||!e||/[?&]token=/.test(i)?i:i+(i.includes("?")?"&":"?")+"token="+encodeURIComponent(e)}function Ln(i,e,t){let r=String(Math.max(0,Math.round(e*1e3)/1e3)),s=i;if(s.includes("{time}")?s=s.replace("{time}",r):s+=(s.includes("?")?"&":"?")+"time="+r,t&&t>=16){let a=String(Math.min(3840,Math.round(t)));s.includes("{width}")?s=s.replace("{width}",a):s+="&width="+a}else s=s.replace(/[?&]width=\{width\}/,"").replace("{width}","");return s}function Rn(i){if(i==null)return null;let e=i.trim();return/^\d+(\.\d+)?s?$/.test(e)?parseFloat(e):null}function wn(i){return i.trim().replace(",",".").split(":").map(Number).reduce((t,r)=>t*60+r,0)}function Cn(i){let e=[],t=i.replace(/\r\n?/g,`
`).split(/\n{2,}/);for(let r of t){let s=r.split(`
`),a=s.findIndex(p=>p.includes("-->"));if(a<0)continue;let[n,o]=s[a].split("-->"),d=wn(n),u=wn(o.trim().split(/\s+/)[0]),f=s.slice(a+1).join(`
`).replace(/<[^>]*>/g,"").trim();Number.isFinite(d)&&Number.isFinite(u)&&e.push({start:d,end:u,text:f})}return e}function xn(i,e){let t=-1;for(let r=0;r<i.length&&(i[r].start<=e&&e<i[r].end&&(t=r),!(i[r].start>e));r++);return t}function Dn(i,e){let t=(e||"").split(/[\s,]+/).filter(Boolean);return t.length?t.map(r=>i.find(s=>s.name===r)).filter(r=>!!r):i.slice()}var Hl=new Set(["und","zxx","mis","mul"]);function Bl(i){if(!i||Hl.has(i.toLowerCase().split("-")[0]))return null;try{let e=new Intl.DisplayNames([i],{type:"language",fallback:"none"}).of(i);return!e||e.toLowerCase()===i.toLowerCase()?null:e.charAt(0).toLocaleUpperCase(i)+e.slice(1)}catch{return null}}function _i(i){let e=i.map(t=>Bl(t.language));return i.map((t,r)=>{let s=e[r],a=(t.label||"").trim();if(!s)return a||t.language||`Track ${r+1}`;let n=e.some((d,u)=>u!==r&&d===s),o=a&&![s.toLowerCase(),t.language.toLowerCase()].includes(a.toLowerCase());return n&&o?`${s} (${a})`:s})}var U=class extends Error{constructor(t,r,s){super(s);this.status=t;this.code=r;this.name="ReelError"}};function ct(i){if(i instanceof U){switch(i.code){case"not_found":return"This video is not available. It may have been archived or deleted.";case"token_expired":return"The link to this video has expired. Reload the page to get a new one.";case"token_invalid":return"This video is private: a valid playback token is needed to watch it.";case"unauthorized":return"This video is private: a playback token is needed to watch it.";case"forbidden":return"This video may not be played on this site.";case"network":return"The video could not be loaded. Check your connection.";case"media":return i.message||"The video could not be played."}return i.message||`The video could not be loaded (${i.status}).`}return"The video could not be loaded."}var Ei=null;function Un(i){try{let e=new URL(i);/\/cdn\/[^/]*$/.test(e.pathname)?Ei=new URL("..",e).href.replace(/\/$/,""):(e.protocol==="http:"||e.protocol==="https:")&&(Ei=null)}catch{Ei=null}}function ne(i){let e=i.api,t=typeof e=="string"&&e?e:i.getAttribute("api");if(t)return t.replace(/\/$/,"");let r=i.closest("[data-reel-api]");return r?(r.getAttribute("data-reel-api")||"").replace(/\/$/,""):Ei||location.origin}async function Fl(i){let e=i.status===404?"not_found":i.status===401?"unauthorized":"http_"+i.status,t=i.statusText;try{let r=await i.json();r&&typeof r.code=="string"&&(e=r.code),r&&(r.detail||r.title)&&(t=r.detail||r.title)}catch{}return new U(i.status,e,t)}async function Ut(i,e){let t;try{t=await fetch(i,{signal:e,credentials:"omit",headers:{accept:"application/json"}})}catch(r){throw r?.name==="AbortError"?r:new U(0,"network",String(r?.message||r))}if(!t.ok)throw await Fl(t);return await t.json()}var lr=new Map;function We(i,e,t,r=!1){let s=ve(`${i}/v1/embeds/${encodeURIComponent(e)}`,t),a=lr.get(s);if(a&&!r)return a;let n=Ut(s).then(o=>(o.playable||lr.delete(s),o));return n.catch(()=>lr.delete(s)),lr.set(s,n),n}function Ot(i,e){if(!e)return i;let t={...i.urls};for(let r of Object.keys(t)){let s=t[r];typeof s=="string"&&s&&(t[r]=ve(s,e))}return{...i,urls:t,transcript:i.transcript?ve(i.transcript,e):i.transcript,renditions:(i.renditions||[]).map(r=>({...r,url:ve(r.url,e)})),subtitles:(i.subtitles||[]).map(r=>({...r,url:ve(r.url,e)}))}}function Pt(i){return!!i&&i.state==="processing"&&!i.archived&&!!i.urls?.low_latency_hls}var dr=globalThis,cr=dr.ShadowRoot&&(dr.ShadyCSS===void 0||dr.ShadyCSS.nativeShadow)&&"adoptedStyleSheets"in Document.prototype&&"replace"in CSSStyleSheet.prototype,Ms=Symbol(),On=new WeakMap,bi=class{constructor(e,t,r){if(this._$cssResult$=!0,r!==Ms)throw Error("CSSResult is not constructable. Use `unsafeCSS` or `css` instead.");this.cssText=e,this.t=t}get styleSheet(){let e=this.o,t=this.t;if(cr&&e===void 0){let r=t!==void 0&&t.length===1;r&&(e=On.get(t)),e===void 0&&((this.o=e=new CSSStyleSheet).replaceSync(this.cssText),r&&On.set(t,e))}return e}toString(){return this.cssText}},Pn=i=>new bi(typeof i=="string"?i:i+"",void 0,Ms),te=(i,...e)=>{let t=i.length===1?i[0]:e.reduce((r,s,a)=>r+(n=>{if(n._$cssResult$===!0)return n.cssText;if(typeof n=="number")return n;throw Error("Value passed to 'css' function must be a 'css' function result: "+n+". Use 'unsafeCSS' to pass non-literal values, but take care to ensure page security.")})(s)+i[a+1],i[0]);return new bi(t,i,Ms)},$n=(i,e)=>{if(cr)i.adoptedStyleSheets=e.map(t=>t instanceof CSSStyleSheet?t:t.styleSheet);else for(let t of e){let r=document.createElement("style"),s=dr.litNonce;s!==void 0&&r.setAttribute("nonce",s),r.textContent=t.cssText,i.appendChild(r)}},Ls=cr?i=>i:i=>i instanceof CSSStyleSheet?(e=>{let t="";for(let r of e.cssRules)t+=r.cssText;return Pn(t)})(i):i;var{is:Vl,defineProperty:Wl,getOwnPropertyDescriptor:ql,getOwnPropertyNames:Kl,getOwnPropertySymbols:Gl,getPrototypeOf:zl}=Object,ur=globalThis,Nn=ur.trustedTypes,Ql=Nn?Nn.emptyScript:"",Yl=ur.reactiveElementPolyfillSupport,yi=(i,e)=>i,Rs={toAttribute(i,e){switch(e){case Boolean:i=i?Ql:null;break;case Object:case Array:i=i==null?i:JSON.stringify(i)}return i},fromAttribute(i,e){let t=i;switch(e){case Boolean:t=i!==null;break;case Number:t=i===null?null:Number(i);break;case Object:case Array:try{t=JSON.parse(i)}catch{t=null}}return t}},Bn=(i,e)=>!Vl(i,e),Hn={attribute:!0,type:String,converter:Rs,reflect:!1,useDefault:!1,hasChanged:Bn};Symbol.metadata??=Symbol("metadata"),ur.litPropertyMetadata??=new WeakMap;var qe=class extends HTMLElement{static addInitializer(e){this._$Ei(),(this.l??=[]).push(e)}static get observedAttributes(){return this.finalize(),this._$Eh&&[...this._$Eh.keys()]}static createProperty(e,t=Hn){if(t.state&&(t.attribute=!1),this._$Ei(),this.prototype.hasOwnProperty(e)&&((t=Object.create(t)).wrapped=!0),this.elementProperties.set(e,t),!t.noAccessor){let r=Symbol(),s=this.getPropertyDescriptor(e,r,t);s!==void 0&&Wl(this.prototype,e,s)}}static getPropertyDescriptor(e,t,r){let{get:s,set:a}=ql(this.prototype,e)??{get(){return this[t]},set(n){this[t]=n}};return{get:s,set(n){let o=s?.call(this);a?.call(this,n),this.requestUpdate(e,o,r)},configurable:!0,enumerable:!0}}static getPropertyOptions(e){return this.elementProperties.get(e)??Hn}static _$Ei(){if(this.hasOwnProperty(yi("elementProperties")))return;let e=zl(this);e.finalize(),e.l!==void 0&&(this.l=[...e.l]),this.elementProperties=new Map(e.elementProperties)}static finalize(){if(this.hasOwnProperty(yi("finalized")))return;if(this.finalized=!0,this._$Ei(),this.hasOwnProperty(yi("properties"))){let t=this.properties,r=[...Kl(t),...Gl(t)];for(let s of r)this.createProperty(s,t[s])}let e=this[Symbol.metadata];if(e!==null){let t=litPropertyMetadata.get(e);if(t!==void 0)for(let[r,s]of t)this.elementProperties.set(r,s)}this._$Eh=new Map;for(let[t,r]of this.elementProperties){let s=this._$Eu(t,r);s!==void 0&&this._$Eh.set(s,t)}this.elementStyles=this.finalizeStyles(this.styles)}static finalizeStyles(e){let t=[];if(Array.isArray(e)){let r=new Set(e.flat(1/0).reverse());for(let s of r)t.unshift(Ls(s))}else e!==void 0&&t.push(Ls(e));return t}static _$Eu(e,t){let r=t.attribute;return r===!1?void 0:typeof r=="string"?r:typeof e=="string"?e.toLowerCase():void 0}constructor(){super(),this._$Ep=void 0,this.isUpdatePending=!1,this.hasUpdated=!1,this._$Em=null,this._$Ev()}_$Ev(){this._$ES=new Promise(e=>this.enableUpdating=e),this._$AL=new Map,this._$E_(),this.requestUpdate(),this.constructor.l?.forEach(e=>e(this))}addController(e){(this._$EO??=new Set).add(e),this.renderRoot!==void 0&&this.isConnected&&e.hostConnected?.()}removeController(e){this._$EO?.delete(e)}_$E_(){let e=new Map,t=this.constructor.elementProperties;for(let r of t.keys())this.hasOwnProperty(r)&&(e.set(r,this[r]),delete this[r]);e.size>0&&(this._$Ep=e)}createRenderRoot(){let e=this.shadowRoot??this.attachShadow(this.constructor.shadowRootOptions);return $n(e,this.constructor.elementStyles),e}connectedCallback(){this.renderRoot??=this.createRenderRoot(),this.enableUpdating(!0),this._$EO?.forEach(e=>e.hostConnected?.())}enableUpdating(e){}disconnectedCallback(){this._$EO?.forEach(e=>e.hostDisconnected?.())}attributeChangedCallback(e,t,r){this._$AK(e,r)}_$ET(e,t){let r=this.constructor.elementProperties.get(e),s=this.constructor._$Eu(e,r);if(s!==void 0&&r.reflect===!0){let a=(r.converter?.toAttribute!==void 0?r.converter:Rs).toAttribute(t,r.type);this._$Em=e,a==null?this.removeAttribute(s):this.setAttribute(s,a),this._$Em=null}}_$AK(e,t){let r=this.constructor,s=r._$Eh.get(e);if(s!==void 0&&this._$Em!==s){let a=r.getPropertyOptions(s),n=typeof a.converter=="function"?{fromAttribute:a.converter}:a.converter?.fromAttribute!==void 0?a.converter:Rs;this._$Em=s;let o=n.fromAttribute(t,a.type);this[s]=o??this._$Ej?.get(s)??o,this._$Em=null}}requestUpdate(e,t,r,s=!1,a){if(e!==void 0){let n=this.constructor;if(s===!1&&(a=this[e]),r??=n.getPropertyOptions(e),!((r.hasChanged??Bn)(a,t)||r.useDefault&&r.reflect&&a===this._$Ej?.get(e)&&!this.hasAttribute(n._$Eu(e,r))))return;this.C(e,t,r)}this.isUpdatePending===!1&&(this._$ES=this._$EP())}C(e,t,{useDefault:r,reflect:s,wrapped:a},n){r&&!(this._$Ej??=new Map).has(e)&&(this._$Ej.set(e,n??t??this[e]),a!==!0||n!==void 0)||(this._$AL.has(e)||(this.hasUpdated||r||(t=void 0),this._$AL.set(e,t)),s===!0&&this._$Em!==e&&(this._$Eq??=new Set).add(e))}async _$EP(){this.isUpdatePending=!0;try{await this._$ES}catch(t){Promise.reject(t)}let e=this.scheduleUpdate();return e!=null&&await e,!this.isUpdatePending}scheduleUpdate(){return this.performUpdate()}performUpdate(){if(!this.isUpdatePending)return;if(!this.hasUpdated){if(this.renderRoot??=this.createRenderRoot(),this._$Ep){for(let[s,a]of this._$Ep)this[s]=a;this._$Ep=void 0}let r=this.constructor.elementProperties;if(r.size>0)for(let[s,a]of r){let{wrapped:n}=a,o=this[s];n!==!0||this._$AL.has(s)||o===void 0||this.C(s,void 0,a,o)}}let e=!1,t=this._$AL;try{e=this.shouldUpdate(t),e?(this.willUpdate(t),this._$EO?.forEach(r=>r.hostUpdate?.()),this.update(t)):this._$EM()}catch(r){throw e=!1,this._$EM(),r}e&&this._$AE(t)}willUpdate(e){}_$AE(e){this._$EO?.forEach(t=>t.hostUpdated?.()),this.hasUpdated||(this.hasUpdated=!0,this.firstUpdated(e)),this.updated(e)}_$EM(){this._$AL=new Map,this.isUpdatePending=!1}get updateComplete(){return this.getUpdateComplete()}getUpdateComplete(){return this._$ES}shouldUpdate(e){return!0}update(e){this._$Eq&&=this._$Eq.forEach(t=>this._$ET(t,this[t])),this._$EM()}updated(e){}firstUpdated(e){}};qe.elementStyles=[],qe.shadowRootOptions={mode:"open"},qe[yi("elementProperties")]=new Map,qe[yi("finalized")]=new Map,Yl?.({ReactiveElement:qe}),(ur.reactiveElementVersions??=[]).push("2.1.2");var $s=globalThis,Fn=i=>i,hr=$s.trustedTypes,Vn=hr?hr.createPolicy("lit-html",{createHTML:i=>i}):void 0,Qn="$lit$",Xe=`lit$${Math.random().toFixed(9).slice(2)}$`,Yn="?"+Xe,Xl=`<${Yn}>`,pt=document,Ti=()=>pt.createComment(""),Si=i=>i===null||typeof i!="object"&&typeof i!="function",Ns=Array.isArray,jl=i=>Ns(i)||typeof i?.[Symbol.iterator]=="function",Cs=`[ 	
\f\r]`,Ai=/<(?:(!--|\/[^a-zA-Z])|(\/?[a-zA-Z][^>\s]*)|(\/?$))/g,Wn=/-->/g,qn=/>/g,ut=RegExp(`>|${Cs}(?:([^\\s"'>=/]+)(${Cs}*=${Cs}*(?:[^ 	
\f\r"'\`<>=]|("|')|))|$)`,"g"),Kn=/'/g,Gn=/"/g,Xn=/^(?:script|style|textarea|title)$/i,Hs=i=>(e,...t)=>({_$litType$:i,strings:e,values:t}),_=Hs(1),jc=Hs(2),Zc=Hs(3),mt=Symbol.for("lit-noChange"),g=Symbol.for("lit-nothing"),zn=new WeakMap,ht=pt.createTreeWalker(pt,129);function jn(i,e){if(!Ns(i)||!i.hasOwnProperty("raw"))throw Error("invalid template strings array");return Vn!==void 0?Vn.createHTML(e):e}var Zl=(i,e)=>{let t=i.length-1,r=[],s,a=e===2?"<svg>":e===3?"<math>":"",n=Ai;for(let o=0;o<t;o++){let d=i[o],u,f,p=-1,v=0;for(;v<d.length&&(n.lastIndex=v,f=n.exec(d),f!==null);)v=n.lastIndex,n===Ai?f[1]==="!--"?n=Wn:f[1]!==void 0?n=qn:f[2]!==void 0?(Xn.test(f[2])&&(s=RegExp("</"+f[2],"g")),n=ut):f[3]!==void 0&&(n=ut):n===ut?f[0]===">"?(n=s??Ai,p=-1):f[1]===void 0?p=-2:(p=n.lastIndex-f[2].length,u=f[1],n=f[3]===void 0?ut:f[3]==='"'?Gn:Kn):n===Gn||n===Kn?n=ut:n===Wn||n===qn?n=Ai:(n=ut,s=void 0);let h=n===ut&&i[o+1].startsWith("/>")?" ":"";a+=n===Ai?d+Xl:p>=0?(r.push(u),d.slice(0,p)+Qn+d.slice(p)+Xe+h):d+Xe+(p===-2?o:h)}return[jn(i,a+(i[t]||"<?>")+(e===2?"</svg>":e===3?"</math>":"")),r]},ki=class i{constructor({strings:e,_$litType$:t},r){let s;this.parts=[];let a=0,n=0,o=e.length-1,d=this.parts,[u,f]=Zl(e,t);if(this.el=i.createElement(u,r),ht.currentNode=this.el.content,t===2||t===3){let p=this.el.content.firstChild;p.replaceWith(...p.childNodes)}for(;(s=ht.nextNode())!==null&&d.length<o;){if(s.nodeType===1){if(s.hasAttributes())for(let p of s.getAttributeNames())if(p.endsWith(Qn)){let v=f[n++],h=s.getAttribute(p).split(Xe),A=/([.?@])?(.*)/.exec(v);d.push({type:1,index:a,name:A[2],strings:h,ctor:A[1]==="."?Ds:A[1]==="?"?Us:A[1]==="@"?Os:Nt}),s.removeAttribute(p)}else p.startsWith(Xe)&&(d.push({type:6,index:a}),s.removeAttribute(p));if(Xn.test(s.tagName)){let p=s.textContent.split(Xe),v=p.length-1;if(v>0){s.textContent=hr?hr.emptyScript:"";for(let h=0;h<v;h++)s.append(p[h],Ti()),ht.nextNode(),d.push({type:2,index:++a});s.append(p[v],Ti())}}}else if(s.nodeType===8)if(s.data===Yn)d.push({type:2,index:a});else{let p=-1;for(;(p=s.data.indexOf(Xe,p+1))!==-1;)d.push({type:7,index:a}),p+=Xe.length-1}a++}}static createElement(e,t){let r=pt.createElement("template");return r.innerHTML=e,r}};function $t(i,e,t=i,r){if(e===mt)return e;let s=r!==void 0?t._$Co?.[r]:t._$Cl,a=Si(e)?void 0:e._$litDirective$;return s?.constructor!==a&&(s?._$AO?.(!1),a===void 0?s=void 0:(s=new a(i),s._$AT(i,t,r)),r!==void 0?(t._$Co??=[])[r]=s:t._$Cl=s),s!==void 0&&(e=$t(i,s._$AS(i,e.values),s,r)),e}var xs=class{constructor(e,t){this._$AV=[],this._$AN=void 0,this._$AD=e,this._$AM=t}get parentNode(){return this._$AM.parentNode}get _$AU(){return this._$AM._$AU}u(e){let{el:{content:t},parts:r}=this._$AD,s=(e?.creationScope??pt).importNode(t,!0);ht.currentNode=s;let a=ht.nextNode(),n=0,o=0,d=r[0];for(;d!==void 0;){if(n===d.index){let u;d.type===2?u=new wi(a,a.nextSibling,this,e):d.type===1?u=new d.ctor(a,d.name,d.strings,this,e):d.type===6&&(u=new Ps(a,this,e)),this._$AV.push(u),d=r[++o]}n!==d?.index&&(a=ht.nextNode(),n++)}return ht.currentNode=pt,s}p(e){let t=0;for(let r of this._$AV)r!==void 0&&(r.strings!==void 0?(r._$AI(e,r,t),t+=r.strings.length-2):r._$AI(e[t])),t++}},wi=class i{get _$AU(){return this._$AM?._$AU??this._$Cv}constructor(e,t,r,s){this.type=2,this._$AH=g,this._$AN=void 0,this._$AA=e,this._$AB=t,this._$AM=r,this.options=s,this._$Cv=s?.isConnected??!0}get parentNode(){let e=this._$AA.parentNode,t=this._$AM;return t!==void 0&&e?.nodeType===11&&(e=t.parentNode),e}get startNode(){return this._$AA}get endNode(){return this._$AB}_$AI(e,t=this){e=$t(this,e,t),Si(e)?e===g||e==null||e===""?(this._$AH!==g&&this._$AR(),this._$AH=g):e!==this._$AH&&e!==mt&&this._(e):e._$litType$!==void 0?this.$(e):e.nodeType!==void 0?this.T(e):jl(e)?this.k(e):this._(e)}O(e){return this._$AA.parentNode.insertBefore(e,this._$AB)}T(e){this._$AH!==e&&(this._$AR(),this._$AH=this.O(e))}_(e){this._$AH!==g&&Si(this._$AH)?this._$AA.nextSibling.data=e:this.T(pt.createTextNode(e)),this._$AH=e}$(e){let{values:t,_$litType$:r}=e,s=typeof r=="number"?this._$AC(e):(r.el===void 0&&(r.el=ki.createElement(jn(r.h,r.h[0]),this.options)),r);if(this._$AH?._$AD===s)this._$AH.p(t);else{let a=new xs(s,this),n=a.u(this.options);a.p(t),this.T(n),this._$AH=a}}_$AC(e){let t=zn.get(e.strings);return t===void 0&&zn.set(e.strings,t=new ki(e)),t}k(e){Ns(this._$AH)||(this._$AH=[],this._$AR());let t=this._$AH,r,s=0;for(let a of e)s===t.length?t.push(r=new i(this.O(Ti()),this.O(Ti()),this,this.options)):r=t[s],r._$AI(a),s++;s<t.length&&(this._$AR(r&&r._$AB.nextSibling,s),t.length=s)}_$AR(e=this._$AA.nextSibling,t){for(this._$AP?.(!1,!0,t);e!==this._$AB;){let r=Fn(e).nextSibling;Fn(e).remove(),e=r}}setConnected(e){this._$AM===void 0&&(this._$Cv=e,this._$AP?.(e))}},Nt=class{get tagName(){return this.element.tagName}get _$AU(){return this._$AM._$AU}constructor(e,t,r,s,a){this.type=1,this._$AH=g,this._$AN=void 0,this.element=e,this.name=t,this._$AM=s,this.options=a,r.length>2||r[0]!==""||r[1]!==""?(this._$AH=Array(r.length-1).fill(new String),this.strings=r):this._$AH=g}_$AI(e,t=this,r,s){let a=this.strings,n=!1;if(a===void 0)e=$t(this,e,t,0),n=!Si(e)||e!==this._$AH&&e!==mt,n&&(this._$AH=e);else{let o=e,d,u;for(e=a[0],d=0;d<a.length-1;d++)u=$t(this,o[r+d],t,d),u===mt&&(u=this._$AH[d]),n||=!Si(u)||u!==this._$AH[d],u===g?e=g:e!==g&&(e+=(u??"")+a[d+1]),this._$AH[d]=u}n&&!s&&this.j(e)}j(e){e===g?this.element.removeAttribute(this.name):this.element.setAttribute(this.name,e??"")}},Ds=class extends Nt{constructor(){super(...arguments),this.type=3}j(e){this.element[this.name]=e===g?void 0:e}},Us=class extends Nt{constructor(){super(...arguments),this.type=4}j(e){this.element.toggleAttribute(this.name,!!e&&e!==g)}},Os=class extends Nt{constructor(e,t,r,s,a){super(e,t,r,s,a),this.type=5}_$AI(e,t=this){if((e=$t(this,e,t,0)??g)===mt)return;let r=this._$AH,s=e===g&&r!==g||e.capture!==r.capture||e.once!==r.once||e.passive!==r.passive,a=e!==g&&(r===g||s);s&&this.element.removeEventListener(this.name,this,r),a&&this.element.addEventListener(this.name,this,e),this._$AH=e}handleEvent(e){typeof this._$AH=="function"?this._$AH.call(this.options?.host??this.element,e):this._$AH.handleEvent(e)}},Ps=class{constructor(e,t,r){this.element=e,this.type=6,this._$AN=void 0,this._$AM=t,this.options=r}get _$AU(){return this._$AM._$AU}_$AI(e){$t(this,e)}};var Jl=$s.litHtmlPolyfillSupport;Jl?.(ki,wi),($s.litHtmlVersions??=[]).push("3.3.3");var Zn=(i,e,t)=>{let r=t?.renderBefore??e,s=r._$litPart$;if(s===void 0){let a=t?.renderBefore??null;r._$litPart$=s=new wi(e.insertBefore(Ti(),a),a,void 0,t??{})}return s._$AI(i),s};var Bs=globalThis,oe=class extends qe{constructor(){super(...arguments),this.renderOptions={host:this},this._$Do=void 0}createRenderRoot(){let e=super.createRenderRoot();return this.renderOptions.renderBefore??=e.firstChild,e}update(e){let t=this.render();this.hasUpdated||(this.renderOptions.isConnected=this.isConnected),super.update(e),this._$Do=Zn(t,this.renderRoot,this.renderOptions)}connectedCallback(){super.connectedCallback(),this._$Do?.setConnected(!0)}disconnectedCallback(){super.disconnectedCallback(),this._$Do?.setConnected(!1)}render(){return mt}};oe._$litElement$=!0,oe.finalized=!0,Bs.litElementHydrateSupport?.({LitElement:oe});var ed=Bs.litElementPolyfillSupport;ed?.({LitElement:oe});(Bs.litElementVersions??=[]).push("4.2.2");var Fs=null;function td(){return Fs||(Fs=typeof crypto<"u"&&"randomUUID"in crypto?crypto.randomUUID():Math.random().toString(36).slice(2)+Date.now().toString(36)),Fs}var Vs=class{constructor(e){this.max=e;this.items=[];this.dropped=0}push(...e){this.items.push(...e);let t=this.items.length-this.max;t>0&&(this.items.splice(0,t),this.dropped+=t)}unshift(e){this.items.unshift(...e);let t=this.items.length-this.max;t>0&&(this.items.splice(0,t),this.dropped+=t)}take(e){return this.items.splice(0,e)}get length(){return this.items.length}};function id(i){return async(e,t)=>{if(t&&typeof navigator<"u"&&navigator.sendBeacon&&navigator.sendBeacon(i,new Blob([e],{type:"text/plain;charset=UTF-8"})))return!0;try{let r=await fetch(i,{method:"POST",body:e,keepalive:!0,credentials:"omit",headers:{"content-type":"text/plain;charset=UTF-8"}});return r.ok||r.status>=400&&r.status<500&&r.status!==429}catch{return!1}}}var ft=class{constructor(e){this.session=td();this.media=null;this.off=[];this.playRequestedAt=0;this.startupReported=!1;this.buffering=!1;this.bufferStart=0;this.lastBeat=0;this.watchedFrom=0;this.lastPos=0;this.seekFrom=null;this.sending=!1;if(this.opts={interval:5e3,batch:50,heartbeat:1e4,maxQueue:500,...e},this.q=new Vs(this.opts.maxQueue),this.send=e.send||id(e.endpoint),typeof window<"u"){let t=()=>{this.beat(),this.flush(!0)},r=()=>document.visibilityState==="hidden"&&t();window.addEventListener("pagehide",t),document.addEventListener("visibilitychange",r),this.off.push(()=>window.removeEventListener("pagehide",t)),this.off.push(()=>document.removeEventListener("visibilitychange",r))}this.timer=setInterval(()=>this.flush(!1),this.opts.interval)}get queued(){return this.q.length}pos(){let e=this.media?.currentTime;return Number.isFinite(e)?Math.round(e*1e3)/1e3:0}track(e,t={}){this.q.push({type:e,embed:this.opts.embed,session:this.session,t:Date.now(),position:this.pos(),...t}),this.q.length>=this.opts.batch&&this.flush(!1)}attach(e){this.media=e,this.track("view",{url:typeof location<"u"?location.origin+location.pathname:void 0});let t=(r,s)=>{e.addEventListener(r,s),this.off.push(()=>e.removeEventListener(r,s))};t("play",()=>{this.startupReported||(this.playRequestedAt=performance.now()),this.track("play")}),t("playing",()=>{!this.startupReported&&this.playRequestedAt&&(this.startupReported=!0,this.track("startup",{ms:Math.round(performance.now()-this.playRequestedAt)})),this.buffering&&this.endBuffer(),this.watchedFrom=this.pos(),this.lastBeat=performance.now(),this.startBeats()}),t("pause",()=>{this.beat(),this.stopBeats(),e.ended||this.track("pause")}),t("timeupdate",()=>{e.seeking||(this.lastPos=this.pos())}),t("seeking",()=>{this.seekFrom===null&&(this.seekFrom=this.lastPos,!e.paused&&this.lastBeat&&this.lastPos>this.watchedFrom&&this.track("heartbeat",{from:this.watchedFrom,to:this.lastPos}))}),t("seeked",()=>{let r=this.pos();this.track("seeked",{from:this.seekFrom??this.lastPos,to:r}),this.seekFrom=null,this.watchedFrom=r,this.lastPos=r}),t("ended",()=>{this.beat(),this.stopBeats(),this.track("ended")}),t("waiting",()=>{!this.buffering&&!e.paused&&!e.seeking&&this.startupReported&&(this.buffering=!0,this.bufferStart=performance.now(),this.track("rebuffer_start"))}),t("canplay",()=>this.buffering&&this.endBuffer()),t("error",()=>{let r=e.error;this.track("error",{code:String(r?.code??0),message:r?.message||""})})}endBuffer(){this.buffering=!1,this.track("rebuffer_end",{duration_ms:Math.round(performance.now()-this.bufferStart)})}renditionChange(e){this.track("rendition_change",{...e,rendition:e.name})}error(e,t){this.track("error",{code:e,message:t})}beat(){if(!this.media||this.lastBeat===0)return;let e=this.pos();this.media.seeking||(e>this.watchedFrom&&this.track("heartbeat",{from:this.watchedFrom,to:e}),this.watchedFrom=e)}startBeats(){this.stopBeats(),this.hb=setInterval(()=>this.beat(),this.opts.heartbeat)}stopBeats(){this.hb&&clearInterval(this.hb),this.hb=void 0}async flush(e){if(!this.q.length||this.sending&&!e)return;let t=this.q.take(e?this.q.length:this.opts.batch),r=JSON.stringify({events:t});this.sending=!0;let s=!1;try{s=await this.send(r,e)}finally{this.sending=!1}s?this.q.length>=this.opts.batch&&this.flush(!1):this.q.unshift(t)}destroy(){this.beat(),this.flush(!0),this.stopBeats(),this.timer&&clearInterval(this.timer),this.off.forEach(e=>e()),this.off=[],this.media=null}};function le(i,e){typeof customElements<"u"&&!customElements.get(i)&&customElements.define(i,e)}var F=class extends oe{constructor(){super();this._error=null;this._io=null;this._near=!1;this._loadSeq=0;this._loadPromise=null;this.embed=null,this.token=null,this.api=null,this.loading=null,this._state="idle",this._message="",this._info=null}get lazy(){return this.loading!=="eager"&&typeof IntersectionObserver<"u"}connectedCallback(){super.connectedCallback(),this.lazy?(this._io=new IntersectionObserver(t=>{t.some(r=>r.isIntersecting)&&(this._near=!0,this._io?.disconnect(),this._io=null,this._state==="idle"&&this.load())},{rootMargin:this.constructor.lazyMargin}),this._io.observe(this)):this._near=!0}disconnectedCallback(){super.disconnectedCallback(),this._io?.disconnect(),this._io=null,clearTimeout(this._retryTimer)}willUpdate(t){(t.has("embed")||t.has("token")||t.has("api"))&&this.hasUpdated&&(this.reset(),this._near&&this.load())}firstUpdated(){this._near&&this._state==="idle"&&this.load()}reset(){this._loadSeq++,clearTimeout(this._retryTimer),this._loadPromise=null,this._info=null,this._error=null,this._state="idle",this._message=""}load(){if(this._loadPromise)return this._loadPromise;let t=++this._loadSeq;return this._loadPromise=this._attempt(t,0),this._loadPromise}async _attempt(t,r){if(!this.embed)return this._fail(new U(0,"no_embed","No video: set the embed attribute.")),null;this._state=r===0?"loading":"processing";let s;try{s=await We(ne(this),this.embed,this.token,r>0)}catch(n){if(t!==this._loadSeq)return null;let o=n instanceof U?n:new U(0,"network",String(n));return o.code==="network"&&r>0?this._retry(t,r):(this._fail(o),null)}if(t!==this._loadSeq)return null;if(s.archived)return this._fail(new U(404,"not_found","archived")),null;if(!s.playable&&!this.playsUnready(s))return s.state==="errored"?(this._fail(new U(422,"media","This video could not be processed.")),null):(this._state="processing",this._message="This video is still processing. It will start as soon as it is ready.",this.dispatchEvent(new CustomEvent("reel-processing",{detail:{state:s.state,attempt:r}})),this._retry(t,r));let a=Ot(s,this.token);return this._info=a,this._state="ready",this._message="",this._error=null,this.dispatchEvent(new CustomEvent("reel-load",{detail:a})),await this.onInfo(a),a}_retry(t,r){let s=this.constructor.retryBase,a=Dt(r,s,5*s);return new Promise(n=>{this._retryTimer=setTimeout(()=>{if(t!==this._loadSeq)return n(null);n(this._attempt(t,r+1))},a)})}_fail(t){this._error=t,this._state="error",this._message=ct(t),this.dispatchEvent(new CustomEvent("reel-error",{detail:{code:t.code,status:t.status,message:this._message}}))}playsUnready(t){return!1}async onInfo(t){}get info(){return this._info}get state(){return this._state}get errorCode(){return this._error?.code??null}};F.properties={embed:{type:String,reflect:!0},token:{type:String},api:{type:String},loading:{type:String},_state:{state:!0},_message:{state:!0},_info:{state:!0}},F.retryBase=1e3,F.lazyMargin="400px 0px";var pr=class{addEventListener(){}removeEventListener(){}dispatchEvent(){return!0}},mr=class extends pr{},fr=class extends mr{constructor(){super(...arguments),this.role=null}},Ws=class{observe(){}unobserve(){}disconnect(){}},Jn={createElement:function(){return new Ii.HTMLElement},createElementNS:function(){return new Ii.HTMLElement},addEventListener(){},removeEventListener(){},dispatchEvent(i){return!1}},Ii={ResizeObserver:Ws,document:Jn,Node:mr,Element:fr,HTMLElement:class extends fr{constructor(){super(...arguments),this.innerHTML=""}get content(){return new Ii.DocumentFragment}},DocumentFragment:class extends pr{},customElements:{get:function(){},define:function(){},whenDefined:function(){}},localStorage:{getItem(i){return null},setItem(i,e){},removeItem(i){}},CustomEvent:function(){},getComputedStyle:function(){},navigator:{languages:[],get userAgent(){return""}},matchMedia(i){return{matches:!1,media:i}},DOMParser:class{parseFromString(e,t){return{body:{textContent:e}}}}},eo="global"in globalThis&&globalThis?.global===globalThis||typeof window>"u"||typeof window.customElements>"u",to=Object.keys(Ii).every(i=>i in globalThis),c=eo&&!to?Ii:globalThis,H=eo&&!to?Jn:globalThis.document;var E={MEDIA_PLAY_REQUEST:"mediaplayrequest",MEDIA_PAUSE_REQUEST:"mediapauserequest",MEDIA_MUTE_REQUEST:"mediamuterequest",MEDIA_UNMUTE_REQUEST:"mediaunmuterequest",MEDIA_LOOP_REQUEST:"medialooprequest",MEDIA_VOLUME_REQUEST:"mediavolumerequest",MEDIA_SEEK_REQUEST:"mediaseekrequest",MEDIA_AIRPLAY_REQUEST:"mediaairplayrequest",MEDIA_ENTER_FULLSCREEN_REQUEST:"mediaenterfullscreenrequest",MEDIA_EXIT_FULLSCREEN_REQUEST:"mediaexitfullscreenrequest",MEDIA_PREVIEW_REQUEST:"mediapreviewrequest",MEDIA_ENTER_PIP_REQUEST:"mediaenterpiprequest",MEDIA_EXIT_PIP_REQUEST:"mediaexitpiprequest",MEDIA_ENTER_CAST_REQUEST:"mediaentercastrequest",MEDIA_EXIT_CAST_REQUEST:"mediaexitcastrequest",MEDIA_SHOW_TEXT_TRACKS_REQUEST:"mediashowtexttracksrequest",MEDIA_HIDE_TEXT_TRACKS_REQUEST:"mediahidetexttracksrequest",MEDIA_SHOW_SUBTITLES_REQUEST:"mediashowsubtitlesrequest",MEDIA_DISABLE_SUBTITLES_REQUEST:"mediadisablesubtitlesrequest",MEDIA_TOGGLE_SUBTITLES_REQUEST:"mediatogglesubtitlesrequest",MEDIA_PLAYBACK_RATE_REQUEST:"mediaplaybackraterequest",MEDIA_RENDITION_REQUEST:"mediarenditionrequest",MEDIA_AUDIO_TRACK_REQUEST:"mediaaudiotrackrequest",MEDIA_SEEK_TO_LIVE_REQUEST:"mediaseektoliverequest",REGISTER_MEDIA_STATE_RECEIVER:"registermediastatereceiver",UNREGISTER_MEDIA_STATE_RECEIVER:"unregistermediastatereceiver"},w={MEDIA_CHROME_ATTRIBUTES:"mediachromeattributes",MEDIA_CONTROLLER:"mediacontroller"},qs={MEDIA_AIRPLAY_UNAVAILABLE:"mediaAirplayUnavailable",MEDIA_AUDIO_TRACK_ENABLED:"mediaAudioTrackEnabled",MEDIA_AUDIO_TRACK_LIST:"mediaAudioTrackList",MEDIA_AUDIO_TRACK_UNAVAILABLE:"mediaAudioTrackUnavailable",MEDIA_BUFFERED:"mediaBuffered",MEDIA_CAST_UNAVAILABLE:"mediaCastUnavailable",MEDIA_CHAPTERS_CUES:"mediaChaptersCues",MEDIA_CURRENT_TIME:"mediaCurrentTime",MEDIA_DURATION:"mediaDuration",MEDIA_ENDED:"mediaEnded",MEDIA_ERROR:"mediaError",MEDIA_ERROR_CODE:"mediaErrorCode",MEDIA_ERROR_MESSAGE:"mediaErrorMessage",MEDIA_FULLSCREEN_UNAVAILABLE:"mediaFullscreenUnavailable",MEDIA_HAS_PLAYED:"mediaHasPlayed",MEDIA_HEIGHT:"mediaHeight",MEDIA_IS_AIRPLAYING:"mediaIsAirplaying",MEDIA_IS_CASTING:"mediaIsCasting",MEDIA_IS_FULLSCREEN:"mediaIsFullscreen",MEDIA_IS_PIP:"mediaIsPip",MEDIA_LOADING:"mediaLoading",MEDIA_MUTED:"mediaMuted",MEDIA_LOOP:"mediaLoop",MEDIA_PAUSED:"mediaPaused",MEDIA_PIP_UNAVAILABLE:"mediaPipUnavailable",MEDIA_PLAYBACK_RATE:"mediaPlaybackRate",MEDIA_PREVIEW_CHAPTER:"mediaPreviewChapter",MEDIA_PREVIEW_COORDS:"mediaPreviewCoords",MEDIA_PREVIEW_IMAGE:"mediaPreviewImage",MEDIA_PREVIEW_TIME:"mediaPreviewTime",MEDIA_RENDITION_LIST:"mediaRenditionList",MEDIA_RENDITION_SELECTED:"mediaRenditionSelected",MEDIA_RENDITION_UNAVAILABLE:"mediaRenditionUnavailable",MEDIA_SEEKABLE:"mediaSeekable",MEDIA_STREAM_TYPE:"mediaStreamType",MEDIA_SUBTITLES_LIST:"mediaSubtitlesList",MEDIA_SUBTITLES_SHOWING:"mediaSubtitlesShowing",MEDIA_TARGET_LIVE_WINDOW:"mediaTargetLiveWindow",MEDIA_TIME_IS_LIVE:"mediaTimeIsLive",MEDIA_VOLUME:"mediaVolume",MEDIA_VOLUME_LEVEL:"mediaVolumeLevel",MEDIA_VOLUME_UNAVAILABLE:"mediaVolumeUnavailable",MEDIA_LANG:"mediaLang",MEDIA_WIDTH:"mediaWidth"},io=Object.entries(qs),l=io.reduce((i,[e,t])=>(i[e]=t.toLowerCase(),i),{}),rd={USER_INACTIVE_CHANGE:"userinactivechange",BREAKPOINTS_CHANGE:"breakpointchange",BREAKPOINTS_COMPUTED:"breakpointscomputed"},vt=io.reduce((i,[e,t])=>(i[e]=t.toLowerCase(),i),{...rd}),yu=Object.entries(vt).reduce((i,[e,t])=>{let r=l[e];return r&&(i[t]=r),i},{userinactivechange:"userinactive"}),ro=Object.entries(l).reduce((i,[e,t])=>{let r=vt[e];return r&&(i[t]=r),i},{userinactive:"userinactivechange"}),de={SUBTITLES:"subtitles",CAPTIONS:"captions",DESCRIPTIONS:"descriptions",CHAPTERS:"chapters",METADATA:"metadata"},je={DISABLED:"disabled",HIDDEN:"hidden",SHOWING:"showing"};var vr={MOUSE:"mouse",PEN:"pen",TOUCH:"touch"},ce={UNAVAILABLE:"unavailable",UNSUPPORTED:"unsupported"},he={LIVE:"live",ON_DEMAND:"on-demand",UNKNOWN:"unknown"};var so={INLINE:"inline",FULLSCREEN:"fullscreen",PICTURE_IN_PICTURE:"picture-in-picture"};var ao=new WeakMap,Ks=i=>{let e=ao.get(i);return e||ao.set(i,e=new Set),e},no=new c.ResizeObserver(i=>{for(let e of i)for(let t of Ks(e.target))t(e)});function Ht(i,e){Ks(i).add(e),no.observe(i)}function Bt(i,e){let t=Ks(i);t.delete(e),t.size||no.unobserve(i)}function B(i){let e={};for(let t of i)e[t.name]=t.value;return e}function gr(i){var e;return(e=Gs(i))!=null?e:Re(i,"media-controller")}function Gs(i){var e;let{MEDIA_CONTROLLER:t}=w,r=i.getAttribute(t);if(r)return(e=Qs(i))==null?void 0:e.getElementById(r)}var Ke=(i,e)=>!i||!e?!1:i?.contains(e)?!0:Ke(i,e.getRootNode().host),Re=(i,e)=>{if(!i)return null;let t=i.closest(e);return t||Re(i.getRootNode().host,e)};function zs(i=document){var e;let t=i?.activeElement;return t?(e=zs(t.shadowRoot))!=null?e:t:null}function Qs(i){var e;let t=(e=i?.getRootNode)==null?void 0:e.call(i);return t instanceof ShadowRoot||t instanceof Document?t:null}function _r(i,{depth:e=3,checkOpacity:t=!0,checkVisibilityCSS:r=!0}={}){if(i.checkVisibility)return i.checkVisibility({checkOpacity:t,checkVisibilityCSS:r});let s=i;for(;s&&e>0;){let a=getComputedStyle(s);if(t&&a.opacity==="0"||r&&a.visibility==="hidden"||a.display==="none")return!1;s=s.parentElement,e--}return!0}function oo(i,e,t,r){let s=r.x-t.x,a=r.y-t.y,n=s*s+a*a;if(n===0)return 0;let o=((i-t.x)*s+(e-t.y)*a)/n;return Math.max(0,Math.min(1,o))}function O(i,e){let t=sd(i,r=>r===e);return t||Mi(i,e)}function sd(i,e){var t,r;let s;for(s of(t=i.querySelectorAll("style:not([media])"))!=null?t:[]){let a;try{a=(r=s.sheet)==null?void 0:r.cssRules}catch{continue}for(let n of a??[])if(e(n.selectorText))return n}}function Mi(i,e){var t,r;let s=(t=i.querySelectorAll("style:not([media])"))!=null?t:[],a=s?.[s.length-1];if(!a?.sheet)return console.warn("Media Chrome: No style sheet found on style tag of",i),{style:{setProperty:()=>{},removeProperty:()=>"",getPropertyValue:()=>""}};let n=a?.sheet.insertRule(`${e}{}`,a.sheet.cssRules.length);return(r=a.sheet.cssRules)==null?void 0:r[n]}function j(i,e,t=Number.NaN){let r=i.getAttribute(e);return r!=null?+r:t}function Z(i,e,t){let r=+t;if(t==null||Number.isNaN(r)){i.hasAttribute(e)&&i.removeAttribute(e);return}j(i,e,void 0)!==r&&i.setAttribute(e,`${r}`)}function I(i,e){return i.hasAttribute(e)}function M(i,e,t){if(t==null){i.hasAttribute(e)&&i.removeAttribute(e);return}I(i,e)!=t&&i.toggleAttribute(e,t)}function x(i,e,t=null){var r;return(r=i.getAttribute(e))!=null?r:t}function C(i,e,t){if(t==null){i.hasAttribute(e)&&i.removeAttribute(e);return}let r=`${t}`;x(i,e,void 0)!==r&&i.setAttribute(e,r)}var lo=(i,e,t)=>{if(!e.has(i))throw TypeError("Cannot "+t)},Ae=(i,e,t)=>(lo(i,e,"read from private field"),t?t.call(i):e.get(i)),ad=(i,e,t)=>{if(e.has(i))throw TypeError("Cannot add the same private member more than once");e instanceof WeakSet?e.add(i):e.set(i,t)},Er=(i,e,t,r)=>(lo(i,e,"write to private field"),r?r.call(i,t):e.set(i,t),t),ie;function nd(i){return`
    <style>
      :host {
        display: var(--media-control-display, var(--media-gesture-receiver-display, inline-block));
        box-sizing: border-box;
      }
    </style>
  `}var Ft=class extends c.HTMLElement{constructor(){if(super(),ad(this,ie,void 0),!this.shadowRoot){this.attachShadow(this.constructor.shadowRootOptions);let e=B(this.attributes);this.shadowRoot.innerHTML=this.constructor.getTemplateHTML(e)}}static get observedAttributes(){return[w.MEDIA_CONTROLLER,l.MEDIA_PAUSED]}attributeChangedCallback(e,t,r){var s,a,n,o,d;e===w.MEDIA_CONTROLLER&&(t&&((a=(s=Ae(this,ie))==null?void 0:s.unassociateElement)==null||a.call(s,this),Er(this,ie,null)),r&&this.isConnected&&(Er(this,ie,(n=this.getRootNode())==null?void 0:n.getElementById(r)),(d=(o=Ae(this,ie))==null?void 0:o.associateElement)==null||d.call(o,this)))}connectedCallback(){var e,t;this.tabIndex=-1,this.setAttribute("aria-hidden","true"),Er(this,ie,od(this)),this.getAttribute(w.MEDIA_CONTROLLER)&&((t=(e=Ae(this,ie))==null?void 0:e.associateElement)==null||t.call(e,this)),Ae(this,ie)&&(Ae(this,ie).addEventListener("pointerdown",this),Ae(this,ie).addEventListener("click",this),Ae(this,ie).hasAttribute("tabindex")||(Ae(this,ie).tabIndex=0))}disconnectedCallback(){var e,t,r,s;this.getAttribute(w.MEDIA_CONTROLLER)&&((t=(e=Ae(this,ie))==null?void 0:e.unassociateElement)==null||t.call(e,this)),(r=Ae(this,ie))==null||r.removeEventListener("pointerdown",this),(s=Ae(this,ie))==null||s.removeEventListener("click",this),Er(this,ie,null)}handleEvent(e){var t;let r=(t=e.composedPath())==null?void 0:t[0];if(["video","media-controller"].includes(r?.localName)){if(e.type==="pointerdown")this._pointerType=e.pointerType;else if(e.type==="click"){let{clientX:a,clientY:n}=e,{left:o,top:d,width:u,height:f}=this.getBoundingClientRect(),p=a-o,v=n-d;if(p<0||v<0||p>u||v>f||u===0&&f===0)return;let h=this._pointerType||"mouse";if(this._pointerType=void 0,h===vr.TOUCH){this.handleTap(e);return}else if(h===vr.MOUSE||h===vr.PEN){this.handleMouseClick(e);return}}}}get mediaPaused(){return I(this,l.MEDIA_PAUSED)}set mediaPaused(e){M(this,l.MEDIA_PAUSED,e)}handleTap(e){}handleMouseClick(e){let t=this.mediaPaused?E.MEDIA_PLAY_REQUEST:E.MEDIA_PAUSE_REQUEST;this.dispatchEvent(new c.CustomEvent(t,{composed:!0,bubbles:!0}))}};ie=new WeakMap;Ft.shadowRootOptions={mode:"open"};Ft.getTemplateHTML=nd;function od(i){var e;let t=i.getAttribute(w.MEDIA_CONTROLLER);return t?(e=i.getRootNode())==null?void 0:e.getElementById(t):Re(i,"media-controller")}c.customElements.get("media-gesture-receiver")||c.customElements.define("media-gesture-receiver",Ft);var Ys=Ft;var co={"Start airplay":"Start airplay","Stop airplay":"Stop airplay",Audio:"Audio",Captions:"Captions","Enable captions":"Enable captions","Disable captions":"Disable captions","Start casting":"Start casting","Stop casting":"Stop casting","Enter fullscreen mode":"Enter fullscreen mode","Exit fullscreen mode":"Exit fullscreen mode",Mute:"Mute",Unmute:"Unmute",Loop:"Loop","Enter picture in picture mode":"Enter picture in picture mode","Exit picture in picture mode":"Exit picture in picture mode",Play:"Play",Pause:"Pause","Playback rate":"Playback rate","Playback rate {playbackRate}":"Playback rate {playbackRate}",Quality:"Quality","Seek backward":"Seek backward","Seek forward":"Seek forward",Settings:"Settings",Auto:"Auto","audio player":"audio player","video player":"video player",volume:"volume",seek:"seek","closed captions":"closed captions","current playback rate":"current playback rate","playback time":"playback time","media loading":"media loading",settings:"settings","audio tracks":"audio tracks",quality:"quality",play:"play",pause:"pause",mute:"mute",unmute:"unmute","chapter: {chapterName}":"chapter: {chapterName}",live:"live",Off:"Off","start airplay":"start airplay","stop airplay":"stop airplay","start casting":"start casting","stop casting":"stop casting","enter fullscreen mode":"enter fullscreen mode","exit fullscreen mode":"exit fullscreen mode","enter picture in picture mode":"enter picture in picture mode","exit picture in picture mode":"exit picture in picture mode","seek to live":"seek to live","playing live":"playing live","seek back {seekOffset} seconds":"seek back {seekOffset} seconds","seek forward {seekOffset} seconds":"seek forward {seekOffset} seconds","Network Error":"Network Error","Decode Error":"Decode Error","Source Not Supported":"Source Not Supported","Encryption Error":"Encryption Error","A network error caused the media download to fail.":"A network error caused the media download to fail.","A media error caused playback to be aborted. The media could be corrupt or your browser does not support this format.":"A media error caused playback to be aborted. The media could be corrupt or your browser does not support this format.","An unsupported error occurred. The server or network failed, or your browser does not support this format.":"An unsupported error occurred. The server or network failed, or your browser does not support this format.","The media is encrypted and there are no keys to decrypt it.":"The media is encrypted and there are no keys to decrypt it.",hour:"hour",hours:"hours",minute:"minute",minutes:"minutes",second:"second",seconds:"seconds","{time} remaining":"{time} remaining","{currentTime} of {totalTime}":"{currentTime} of {totalTime}","video not loaded, unknown time.":"video not loaded, unknown time."};var uo,Li={en:co},Vt=((uo=globalThis.navigator)==null?void 0:uo.language)||"en",ho=i=>{Vt=i};var ld=i=>{var e,t,r;let[s]=Vt.split("-");return((e=Li[Vt])==null?void 0:e[i])||((t=Li[s])==null?void 0:t[i])||((r=Li.en)==null?void 0:r[i])||i},po=()=>{let[i]=Vt.split("-");return Li[Vt]?Vt:Li[i]?i:"en"},L=(i,e={})=>ld(i).replace(/\{(\w+)\}/g,(t,r)=>r in e?String(e[r]):`{${r}}`);var Js=(i,e,t)=>{if(!e.has(i))throw TypeError("Cannot "+t)},V=(i,e,t)=>(Js(i,e,"read from private field"),t?t.call(i):e.get(i)),se=(i,e,t)=>{if(e.has(i))throw TypeError("Cannot add the same private member more than once");e instanceof WeakSet?e.add(i):e.set(i,t)},Te=(i,e,t,r)=>(Js(i,e,"write to private field"),r?r.call(i,t):e.set(i,t),t),Se=(i,e,t)=>(Js(i,e,"access private method"),t),Ri,Ar,Wt,Gt,Kt,Xs,qt,br,js,mo,Zs,fo,Ci,Tr,Sr,ea,zt,xi,Ze,yr,k={AUDIO:"audio",AUTOHIDE:"autohide",BREAKPOINTS:"breakpoints",GESTURES_DISABLED:"gesturesdisabled",KEYBOARD_CONTROL:"keyboardcontrol",NO_AUTOHIDE:"noautohide",USER_INACTIVE:"userinactive",AUTOHIDE_OVER_CONTROLS:"autohideovercontrols"};function dd(i){return`
    <style>
      
      :host([${l.MEDIA_IS_FULLSCREEN}]) ::slotted([slot=media]) {
        outline: none;
      }

      :host {
        box-sizing: border-box;
        position: relative;
        display: inline-block;
        line-height: 0;
        background-color: var(--media-background-color, #000);
        overflow: hidden;
      }

      :host(:not([${k.AUDIO}])) [part~=layer]:not([part~=media-layer]) {
        position: absolute;
        top: 0;
        left: 0;
        bottom: 0;
        right: 0;
        display: flex;
        flex-flow: column nowrap;
        align-items: start;
        pointer-events: none;
        background: none;
      }

      slot[name=media] {
        display: var(--media-slot-display, contents);
      }

      
      :host([${k.AUDIO}]) slot[name=media] {
        display: var(--media-slot-display, none);
      }

      
      :host([${k.AUDIO}]) [part~=layer][part~=gesture-layer] {
        height: 0;
        display: block;
      }

      
      :host(:not([${k.AUDIO}])[${k.GESTURES_DISABLED}]) ::slotted([slot=gestures-chrome]),
          :host(:not([${k.AUDIO}])[${k.GESTURES_DISABLED}]) media-gesture-receiver[slot=gestures-chrome] {
        display: none;
      }

      
      ::slotted(:not([slot=media]):not([slot=poster]):not(media-loading-indicator):not([role=dialog]):not([hidden])) {
        pointer-events: auto;
      }

      :host(:not([${k.AUDIO}])) *[part~=layer][part~=centered-layer] {
        align-items: center;
        justify-content: center;
      }

      :host(:not([${k.AUDIO}])) ::slotted(media-gesture-receiver[slot=gestures-chrome]),
      :host(:not([${k.AUDIO}])) media-gesture-receiver[slot=gestures-chrome] {
        align-self: stretch;
        flex-grow: 1;
      }

      slot[name=middle-chrome] {
        display: inline;
        flex-grow: 1;
        pointer-events: none;
        background: none;
      }

      
      ::slotted([slot=media]),
      ::slotted([slot=poster]) {
        width: 100%;
        height: 100%;
      }

      
      :host(:not([${k.AUDIO}])) .spacer {
        flex-grow: 1;
      }

      
      :host(:-webkit-full-screen) {
        
        width: 100% !important;
        height: 100% !important;
      }

      
      ::slotted(:not([slot=media]):not([slot=poster]):not([${k.NO_AUTOHIDE}]):not([hidden]):not([role=dialog])) {
        opacity: 1;
        transition: var(--media-control-transition-in, opacity 0.25s);
      }

      
      :host([${k.USER_INACTIVE}]:not([${l.MEDIA_PAUSED}]):not([${l.MEDIA_IS_AIRPLAYING}]):not([${l.MEDIA_IS_CASTING}]):not([${k.AUDIO}])) ::slotted(:not([slot=media]):not([slot=poster]):not([${k.NO_AUTOHIDE}]):not([role=dialog])) {
        opacity: 0;
        transition: var(--media-control-transition-out, opacity 1s);
      }

      :host([${k.USER_INACTIVE}]:not([${k.NO_AUTOHIDE}]):not([${l.MEDIA_PAUSED}]):not([${l.MEDIA_IS_CASTING}]):not([${k.AUDIO}])) ::slotted([slot=media]) {
        cursor: none;
      }

      :host([${k.USER_INACTIVE}][${k.AUTOHIDE_OVER_CONTROLS}]:not([${k.NO_AUTOHIDE}]):not([${l.MEDIA_PAUSED}]):not([${l.MEDIA_IS_CASTING}]):not([${k.AUDIO}])) * {
        --media-cursor: none;
        cursor: none;
      }


      ::slotted(media-control-bar)  {
        align-self: stretch;
      }

      
      
      :host(:not([${k.AUDIO}])[${l.MEDIA_HAS_PLAYED}]) slot[name=poster],
      :host(:not([${k.AUDIO}])[${l.MEDIA_STREAM_TYPE}="${he.ON_DEMAND}"][${l.MEDIA_CURRENT_TIME}]:not([${l.MEDIA_CURRENT_TIME}="0"])) slot[name=poster] {
        display: none;
      }

      ::slotted([role=dialog]) {
        width: 100%;
        height: 100%;
        align-self: center;
      }

      ::slotted([role=menu]) {
        align-self: end;
      }
    </style>

    <slot name="media" part="layer media-layer"></slot>
    <slot name="poster" part="layer poster-layer"></slot>
    <slot name="gestures-chrome" part="layer gesture-layer">
      <media-gesture-receiver slot="gestures-chrome">
        <template shadowrootmode="${Ys.shadowRootOptions.mode}">
          ${Ys.getTemplateHTML({})}
        </template>
      </media-gesture-receiver>
    </slot>
    <span part="layer vertical-layer">
      <slot name="top-chrome" part="top chrome"></slot>
      <slot name="middle-chrome" part="middle chrome"></slot>
      <slot name="centered-chrome" part="layer centered-layer center centered chrome"></slot>
      
      <slot part="bottom chrome"></slot>
    </span>
    <slot name="dialog" part="layer dialog-layer"></slot>
  `}var cd=Object.values(l),ud="sm:384 md:576 lg:768 xl:960";function hd(i){vo(i.target,i.contentRect.width)}function vo(i,e){var t;if(!i.isConnected)return;let r=(t=i.getAttribute(k.BREAKPOINTS))!=null?t:ud,s=pd(r),a=md(s,e),n=!1;if(Object.keys(s).forEach(o=>{if(a.includes(o)){i.hasAttribute(`breakpoint${o}`)||(i.setAttribute(`breakpoint${o}`,""),n=!0);return}i.hasAttribute(`breakpoint${o}`)&&(i.removeAttribute(`breakpoint${o}`),n=!0)}),n){let o=new CustomEvent(vt.BREAKPOINTS_CHANGE,{detail:a});i.dispatchEvent(o)}i.breakpointsComputed||(i.breakpointsComputed=!0,i.dispatchEvent(new CustomEvent(vt.BREAKPOINTS_COMPUTED,{bubbles:!0,composed:!0})))}function pd(i){let e=i.split(/\s+/);return Object.fromEntries(e.map(t=>t.split(":")))}function md(i,e){return Object.keys(i).filter(t=>e>=parseInt(i[t]))}var gt=class extends c.HTMLElement{constructor(){if(super(),se(this,js),se(this,Zs),se(this,Ci),se(this,Sr),se(this,zt),se(this,Ri,void 0),se(this,Ar,0),se(this,Wt,null),se(this,Gt,null),se(this,Kt,void 0),this.breakpointsComputed=!1,se(this,Xs,e=>{let t=this.media;for(let r of e){if(r.type!=="childList")continue;let s=r.removedNodes;for(let a of s){if(a.slot!="media"||r.target!=this)continue;let n=r.previousSibling&&r.previousSibling.previousElementSibling;if(!n||!t)this.mediaUnsetCallback(a);else{let o=n.slot!=="media";for(;(n=n.previousSibling)!==null;)n.slot=="media"&&(o=!1);o&&this.mediaUnsetCallback(a)}}if(t)for(let a of r.addedNodes)a===t&&this.handleMediaUpdated(t)}}),se(this,qt,!1),se(this,br,e=>{V(this,qt)||(setTimeout(()=>{hd(e),Te(this,qt,!1)},0),Te(this,qt,!0))}),se(this,Ze,void 0),se(this,yr,()=>{if(!V(this,Ze).assignedElements({flatten:!0}).length){V(this,Wt)&&this.mediaUnsetCallback(V(this,Wt));return}this.handleMediaUpdated(this.media)}),!this.shadowRoot){this.attachShadow(this.constructor.shadowRootOptions);let e=B(this.attributes),t=this.constructor.getTemplateHTML(e);this.shadowRoot.setHTMLUnsafe?this.shadowRoot.setHTMLUnsafe(t):this.shadowRoot.innerHTML=t}Te(this,Ri,new MutationObserver(V(this,Xs)))}static get observedAttributes(){return[k.AUTOHIDE,k.GESTURES_DISABLED].concat(cd).filter(e=>![l.MEDIA_RENDITION_LIST,l.MEDIA_AUDIO_TRACK_LIST,l.MEDIA_CHAPTERS_CUES,l.MEDIA_WIDTH,l.MEDIA_HEIGHT,l.MEDIA_ERROR,l.MEDIA_ERROR_MESSAGE].includes(e))}attributeChangedCallback(e,t,r){e.toLowerCase()==k.AUTOHIDE&&(this.autohide=r)}get media(){let e=this.querySelector(":scope > [slot=media]");return e?.nodeName=="SLOT"&&(e=e.assignedElements({flatten:!0})[0]),e}async handleMediaUpdated(e){e&&(Te(this,Wt,e),e.localName.includes("-")&&await c.customElements.whenDefined(e.localName),this.mediaSetCallback(e))}connectedCallback(){var e;V(this,Ri).observe(this,{childList:!0,subtree:!0}),Ht(this,V(this,br));let r=this.getAttribute(k.AUDIO)!=null?L("audio player"):L("video player");this.setAttribute("role","region"),this.setAttribute("aria-label",r),this.handleMediaUpdated(this.media),this.setAttribute(k.USER_INACTIVE,""),vo(this,this.getBoundingClientRect().width);let s=this.querySelector(":scope > slot[slot=media]");s&&(Te(this,Ze,s),V(this,Ze).addEventListener("slotchange",V(this,yr))),this.addEventListener("pointerdown",this),this.addEventListener("pointermove",this),this.addEventListener("pointerup",this),this.addEventListener("mouseleave",this),this.addEventListener("keyup",this),(e=c.window)==null||e.addEventListener("mouseup",this)}disconnectedCallback(){var e;Bt(this,V(this,br)),clearTimeout(V(this,Gt)),V(this,Ri).disconnect(),this.media&&this.mediaUnsetCallback(this.media),(e=c.window)==null||e.removeEventListener("mouseup",this),this.removeEventListener("pointerdown",this),this.removeEventListener("pointermove",this),this.removeEventListener("pointerup",this),this.removeEventListener("mouseleave",this),this.removeEventListener("keyup",this),V(this,Ze)&&(V(this,Ze).removeEventListener("slotchange",V(this,yr)),Te(this,Ze,null)),Te(this,qt,!1)}mediaSetCallback(e){}mediaUnsetCallback(e){Te(this,Wt,null)}handleEvent(e){switch(e.type){case"pointerdown":Te(this,Ar,e.timeStamp);break;case"pointermove":Se(this,js,mo).call(this,e);break;case"pointerup":Se(this,Zs,fo).call(this,e);break;case"mouseleave":Se(this,Ci,Tr).call(this);break;case"mouseup":this.removeAttribute(k.KEYBOARD_CONTROL);break;case"keyup":Se(this,zt,xi).call(this),this.setAttribute(k.KEYBOARD_CONTROL,"");break}}set autohide(e){let t=Number(e);Te(this,Kt,isNaN(t)?0:t)}get autohide(){return(V(this,Kt)===void 0?2:V(this,Kt)).toString()}get breakpoints(){return x(this,k.BREAKPOINTS)}set breakpoints(e){C(this,k.BREAKPOINTS,e)}get audio(){return I(this,k.AUDIO)}set audio(e){M(this,k.AUDIO,e)}get gesturesDisabled(){return I(this,k.GESTURES_DISABLED)}set gesturesDisabled(e){M(this,k.GESTURES_DISABLED,e)}get keyboardControl(){return I(this,k.KEYBOARD_CONTROL)}set keyboardControl(e){M(this,k.KEYBOARD_CONTROL,e)}get noAutohide(){return I(this,k.NO_AUTOHIDE)}set noAutohide(e){M(this,k.NO_AUTOHIDE,e)}get autohideOverControls(){return I(this,k.AUTOHIDE_OVER_CONTROLS)}set autohideOverControls(e){M(this,k.AUTOHIDE_OVER_CONTROLS,e)}get userInteractive(){return I(this,k.USER_INACTIVE)}set userInteractive(e){M(this,k.USER_INACTIVE,e)}};Ri=new WeakMap;Ar=new WeakMap;Wt=new WeakMap;Gt=new WeakMap;Kt=new WeakMap;Xs=new WeakMap;qt=new WeakMap;br=new WeakMap;js=new WeakSet;mo=function(i){if(i.pointerType!=="mouse"&&i.timeStamp-V(this,Ar)<250)return;Se(this,Sr,ea).call(this),clearTimeout(V(this,Gt));let e=this.hasAttribute(k.AUTOHIDE_OVER_CONTROLS);([this,this.media].includes(i.target)||e)&&Se(this,zt,xi).call(this)};Zs=new WeakSet;fo=function(i){if(i.pointerType==="touch"){let e=!this.hasAttribute(k.USER_INACTIVE);[this,this.media].includes(i.target)&&e?Se(this,Ci,Tr).call(this):Se(this,zt,xi).call(this)}else i.composedPath().some(e=>["media-play-button","media-fullscreen-button"].includes(e?.localName))&&Se(this,zt,xi).call(this)};Ci=new WeakSet;Tr=function(){if(V(this,Kt)<0||this.hasAttribute(k.USER_INACTIVE))return;this.setAttribute(k.USER_INACTIVE,"");let i=new c.CustomEvent(vt.USER_INACTIVE_CHANGE,{composed:!0,bubbles:!0,detail:!0});this.dispatchEvent(i)};Sr=new WeakSet;ea=function(){if(!this.hasAttribute(k.USER_INACTIVE))return;this.removeAttribute(k.USER_INACTIVE);let i=new c.CustomEvent(vt.USER_INACTIVE_CHANGE,{composed:!0,bubbles:!0,detail:!1});this.dispatchEvent(i)};zt=new WeakSet;xi=function(){Se(this,Sr,ea).call(this),clearTimeout(V(this,Gt));let i=parseInt(this.autohide);i<0||Te(this,Gt,setTimeout(()=>{Se(this,Ci,Tr).call(this)},i*1e3))};Ze=new WeakMap;yr=new WeakMap;gt.shadowRootOptions={mode:"open"};gt.getTemplateHTML=dd;c.customElements.get("media-container")||c.customElements.define("media-container",gt);function ta(i){return i===" "?"nospace":`no${i.toLowerCase()}`}var go=(i,e,t)=>{if(!e.has(i))throw TypeError("Cannot "+t)},J=(i,e,t)=>(go(i,e,"read from private field"),t?t.call(i):e.get(i)),Di=(i,e,t)=>{if(e.has(i))throw TypeError("Cannot add the same private member more than once");e instanceof WeakSet?e.add(i):e.set(i,t)},kr=(i,e,t,r)=>(go(i,e,"write to private field"),r?r.call(i,t):e.set(i,t),t),Qt,Yt,wr,_t,Ge,Je,Xt=class{constructor(e,t,{defaultValue:r}={defaultValue:void 0}){Di(this,Ge),Di(this,Qt,void 0),Di(this,Yt,void 0),Di(this,wr,void 0),Di(this,_t,new Set),kr(this,Qt,e),kr(this,Yt,t),kr(this,wr,new Set(r))}[Symbol.iterator](){return J(this,Ge,Je).values()}get length(){return J(this,Ge,Je).size}get value(){var e;return(e=[...J(this,Ge,Je)].join(" "))!=null?e:""}set value(e){var t;e!==this.value&&(kr(this,_t,new Set),this.add(...(t=e?.split(" "))!=null?t:[]))}toString(){return this.value}item(e){return[...J(this,Ge,Je)][e]}values(){return J(this,Ge,Je).values()}forEach(e,t){J(this,Ge,Je).forEach(e,t)}add(...e){var t,r;e.forEach(s=>J(this,_t).add(s)),!(this.value===""&&!((t=J(this,Qt))!=null&&t.hasAttribute(`${J(this,Yt)}`)))&&((r=J(this,Qt))==null||r.setAttribute(`${J(this,Yt)}`,`${this.value}`))}remove(...e){var t;e.forEach(r=>J(this,_t).delete(r)),(t=J(this,Qt))==null||t.setAttribute(`${J(this,Yt)}`,`${this.value}`)}contains(e){return J(this,Ge,Je).has(e)}toggle(e,t){return typeof t<"u"?t?(this.add(e),!0):(this.remove(e),!1):this.contains(e)?(this.remove(e),!1):(this.add(e),!0)}replace(e,t){return this.remove(e),this.add(t),e===t}};Qt=new WeakMap;Yt=new WeakMap;wr=new WeakMap;_t=new WeakMap;Ge=new WeakSet;Je=function(){return J(this,_t).size?J(this,_t):J(this,wr)};function _o(i){return i?.map(fd).join(" ")}function Eo(i){return i?.split(/\s+/).map(vd)}function fd(i){if(i){let{id:e,width:t,height:r}=i;return[e,t,r].filter(s=>s!=null).join(":")}}function vd(i){if(i){let[e,t,r]=i.split(":");return{id:e,width:+t,height:+r}}}function bo(i){return i?.map(gd).join(" ")}function yo(i){return i?.split(/\s+/).map(_d)}function gd(i){if(i){let{id:e,kind:t,language:r,label:s}=i;return[e,t,r,s].filter(a=>a!=null).join(":")}}function _d(i){if(i){let[e,t,r,s]=i.split(":");return{id:e,kind:t,language:r,label:s}}}function jt(i){return typeof i=="number"&&!Number.isNaN(i)&&Number.isFinite(i)}var Ir=i=>new Promise(e=>setTimeout(e,i));var Ed=(i="")=>i.split(/\s+/),Ao=(i="")=>{let[e,t,r]=i.split(":"),s=r?decodeURIComponent(r):void 0;return{kind:e==="cc"?de.CAPTIONS:de.SUBTITLES,language:t,label:s}},ia=(i="",e={})=>Ed(i).map(t=>{let r=Ao(t);return{...e,...r}}),ra=i=>i?Array.isArray(i)?i.map(e=>typeof e=="string"?Ao(e):e):typeof i=="string"?ia(i):[i]:[],sa=({kind:i,label:e,language:t}={kind:"subtitles"})=>e?`${i==="captions"?"cc":"sb"}:${t}:${encodeURIComponent(e)}`:t,Ui=(i=[])=>Array.prototype.map.call(i,sa).join(" "),bd=(i,e)=>t=>t[i]===e,To=i=>{let e=Object.entries(i).map(([t,r])=>bd(t,r));return t=>e.every(r=>r(t))},Et=(i,e=[],t=[])=>{let r=ra(t).map(To),s=a=>r.some(n=>n(a));Array.from(e).filter(s).forEach(a=>{a.mode=i})},bt=(i,e=()=>!0)=>{if(!i?.textTracks)return[];let t=typeof e=="function"?e:To(e);return Array.from(i.textTracks).filter(t)},So=i=>{var e;return!!((e=i.mediaSubtitlesShowing)!=null&&e.length)||i.hasAttribute(l.MEDIA_SUBTITLES_SHOWING)};var wo=i=>{var e;let{media:t,fullscreenElement:r}=i;try{let s=r&&"requestFullscreen"in r?"requestFullscreen":r&&"webkitRequestFullScreen"in r?"webkitRequestFullScreen":void 0;if(s){let a=(e=r[s])==null?void 0:e.call(r);if(a instanceof Promise)return a.catch(()=>{})}else t?.webkitEnterFullscreen?t.webkitEnterFullscreen():t?.requestFullscreen&&t.requestFullscreen()}catch(s){console.error(s)}},ko="exitFullscreen"in H?"exitFullscreen":"webkitExitFullscreen"in H?"webkitExitFullscreen":"webkitCancelFullScreen"in H?"webkitCancelFullScreen":void 0,Io=i=>{var e;let{documentElement:t}=i;if(ko){let r=(e=t?.[ko])==null?void 0:e.call(t);if(r instanceof Promise)return r.catch(()=>{})}},Oi="fullscreenElement"in H?"fullscreenElement":"webkitFullscreenElement"in H?"webkitFullscreenElement":void 0,yd=i=>{let{documentElement:e,media:t}=i,r=e?.[Oi];return!r&&"webkitDisplayingFullscreen"in t&&"webkitPresentationMode"in t&&t.webkitDisplayingFullscreen&&t.webkitPresentationMode===so.FULLSCREEN?t:r},Mo=i=>{var e;let{media:t,documentElement:r,fullscreenElement:s=t}=i;if(!t||!r)return!1;let a=yd(i);if(!a)return!1;if(a===s||a===t)return!0;if(a.localName.includes("-")){let n=a.shadowRoot;if(!(Oi in n))return Ke(a,s);for(;n?.[Oi];){if(n[Oi]===s)return!0;n=(e=n[Oi])==null?void 0:e.shadowRoot}}return!1},Ad="fullscreenEnabled"in H?"fullscreenEnabled":"webkitFullscreenEnabled"in H?"webkitFullscreenEnabled":void 0,Lo=i=>{let{documentElement:e,media:t}=i;return!!e?.[Ad]||t&&"webkitSupportsFullscreen"in t};var Mr,aa=()=>{var i,e;return Mr||(Mr=(e=(i=H)==null?void 0:i.createElement)==null?void 0:e.call(i,"video"),Mr)},Ro=async(i=aa())=>{if(!i)return!1;let e=i.volume;i.volume=e/2+.1;let t=new AbortController,r=await Promise.race([Td(i,t.signal),Sd(i,e)]);return t.abort(),r},Td=(i,e)=>new Promise(t=>{i.addEventListener("volumechange",()=>t(!0),{signal:e})}),Sd=async(i,e)=>{for(let t=0;t<10;t++){if(i.volume===e)return!1;await Ir(10)}return i.volume!==e},kd=/.*Version\/.*Safari\/.*/.test(c.navigator.userAgent),na=(i=aa())=>c.matchMedia("(display-mode: standalone)").matches&&kd?!1:typeof i?.requestPictureInPicture=="function",oa=(i=aa())=>Lo({documentElement:H,media:i}),Co=oa(),xo=na(),Do=!!c.WebKitPlaybackTargetAvailabilityEvent,Uo=!!c.chrome;var Zt=i=>bt(i.media,e=>[de.SUBTITLES,de.CAPTIONS].includes(e.kind)).sort((e,t)=>e.kind>=t.kind?1:-1),la=i=>bt(i.media,e=>e.mode===je.SHOWING&&[de.SUBTITLES,de.CAPTIONS].includes(e.kind)),Lr=(i,e)=>{let t=Zt(i),r=la(i),s=!!r.length;if(t.length){if(e===!1||s&&e!==!0)Et(je.DISABLED,t,r);else if(e===!0||!s&&e!==!1){let a=t[0],{options:n}=i;if(!n?.noSubtitlesLangPref){let f=c.localStorage.getItem("media-chrome-pref-subtitles-lang"),p=f?[f,...c.navigator.languages]:c.navigator.languages,v=t.filter(h=>p.some(A=>h.language.toLowerCase().startsWith(A.split("-")[0]))).sort((h,A)=>{let b=p.findIndex(T=>h.language.toLowerCase().startsWith(T.split("-")[0])),S=p.findIndex(T=>A.language.toLowerCase().startsWith(T.split("-")[0]));return b-S});v[0]&&(a=v[0])}let{language:o,label:d,kind:u}=a;Et(je.DISABLED,t,r),Et(je.SHOWING,t,[{language:o,label:d,kind:u}])}}},Rr=(i,e)=>i===e?!0:i==null||e==null||typeof i!=typeof e?!1:typeof i=="number"&&Number.isNaN(i)&&Number.isNaN(e)?!0:typeof i!="object"?!1:Array.isArray(i)?wd(i,e):Object.entries(i).every(([t,r])=>t in e&&Rr(r,e[t])),wd=(i,e)=>{let t=Array.isArray(i),r=Array.isArray(e);return t!==r?!1:t||r?i.length!==e.length?!1:i.every((s,a)=>Rr(s,e[a])):!0};var Id=Object.values(he),Cr,Md=Ro().then(i=>(Cr=i,Cr)),Oo=async(...i)=>{await Promise.all(i.filter(e=>e).map(async e=>{if(!("localName"in e&&e instanceof c.HTMLElement))return;let t=e.localName;if(!t.includes("-"))return;let r=c.customElements.get(t);r&&e instanceof r||(await c.customElements.whenDefined(t),c.customElements.upgrade(e))}))},Ld=new c.DOMParser,Rd=i=>i&&(Ld.parseFromString(i,"text/html").body.textContent||i),Jt={mediaError:{get(i,e){let{media:t}=i;if(e?.type!=="playing")return t?.error},mediaEvents:["emptied","error","playing"]},mediaErrorCode:{get(i,e){var t;let{media:r}=i;if(e?.type!=="playing")return(t=r?.error)==null?void 0:t.code},mediaEvents:["emptied","error","playing"]},mediaErrorMessage:{get(i,e){var t,r;let{media:s}=i;if(e?.type!=="playing")return(r=(t=s?.error)==null?void 0:t.message)!=null?r:""},mediaEvents:["emptied","error","playing"]},mediaWidth:{get(i){var e;let{media:t}=i;return(e=t?.videoWidth)!=null?e:0},mediaEvents:["resize"]},mediaHeight:{get(i){var e;let{media:t}=i;return(e=t?.videoHeight)!=null?e:0},mediaEvents:["resize"]},mediaPaused:{get(i){var e;let{media:t}=i;return(e=t?.paused)!=null?e:!0},set(i,e){var t;let{media:r}=e;r&&(i?r.pause():(t=r.play())==null||t.catch(()=>{}))},mediaEvents:["play","playing","pause","emptied"]},mediaHasPlayed:{get(i,e){let{media:t}=i;return t?e?e.type==="playing":!t.paused:!1},mediaEvents:["playing","emptied"]},mediaEnded:{get(i){var e;let{media:t}=i;return(e=t?.ended)!=null?e:!1},mediaEvents:["seeked","ended","emptied"]},mediaPlaybackRate:{get(i){var e;let{media:t}=i;return(e=t?.playbackRate)!=null?e:1},set(i,e){let{media:t}=e;t&&Number.isFinite(+i)&&(t.playbackRate=+i)},mediaEvents:["ratechange","loadstart"]},mediaMuted:{get(i){var e;let{media:t}=i;return(e=t?.muted)!=null?e:!1},set(i,e){let{media:t,options:{noMutedPref:r}={}}=e;if(t){t.muted=i;try{let s=c.localStorage.getItem("media-chrome-pref-muted")!==null,a=t.hasAttribute("muted");if(r){s&&c.localStorage.removeItem("media-chrome-pref-muted");return}if(a&&!s)return;c.localStorage.setItem("media-chrome-pref-muted",i?"true":"false")}catch(s){console.debug("Error setting muted pref",s)}}},mediaEvents:["volumechange"],stateOwnersUpdateHandlers:[(i,e)=>{let{options:{noMutedPref:t}}=e,{media:r}=e;if(!(!r||r.muted||t))try{let s=c.localStorage.getItem("media-chrome-pref-muted")==="true";Jt.mediaMuted.set(s,e),i(s)}catch(s){console.debug("Error getting muted pref",s)}}]},mediaLoop:{get(i){let{media:e}=i;return e?.loop},set(i,e){let{media:t}=e;t&&(t.loop=i)},mediaEvents:["medialooprequest"]},mediaVolume:{get(i){var e;let{media:t}=i;return(e=t?.volume)!=null?e:1},set(i,e){let{media:t,options:{noVolumePref:r}={}}=e;if(t){try{i==null?c.localStorage.removeItem("media-chrome-pref-volume"):!t.hasAttribute("muted")&&!r&&c.localStorage.setItem("media-chrome-pref-volume",i.toString())}catch(s){console.debug("Error setting volume pref",s)}Number.isFinite(+i)&&(t.volume=+i)}},mediaEvents:["volumechange"],stateOwnersUpdateHandlers:[(i,e)=>{let{options:{noVolumePref:t}}=e;if(!t)try{let{media:r}=e;if(!r)return;let s=c.localStorage.getItem("media-chrome-pref-volume");if(s==null)return;Jt.mediaVolume.set(+s,e),i(+s)}catch(r){console.debug("Error getting volume pref",r)}}]},mediaVolumeLevel:{get(i){let{media:e}=i;return typeof e?.volume>"u"?"high":e.muted||e.volume===0?"off":e.volume<.5?"low":e.volume<.75?"medium":"high"},mediaEvents:["volumechange"]},mediaCurrentTime:{get(i){var e;let{media:t}=i;return(e=t?.currentTime)!=null?e:0},set(i,e){let{media:t}=e;!t||!jt(i)||(t.currentTime=i)},mediaEvents:["timeupdate","loadedmetadata","seeking"]},mediaDuration:{get(i){let{media:e,options:{defaultDuration:t}={}}=i;return t&&(!e||!e.duration||Number.isNaN(e.duration)||!Number.isFinite(e.duration))?t:Number.isFinite(e?.duration)?e.duration:Number.NaN},mediaEvents:["durationchange","loadedmetadata","emptied"]},mediaLoading:{get(i){let{media:e}=i;return e?.readyState<3},mediaEvents:["waiting","playing","emptied"]},mediaSeekable:{get(i){var e;let{media:t}=i;if(!((e=t?.seekable)!=null&&e.length))return;let r=t.seekable.start(0),s=t.seekable.end(t.seekable.length-1);if(!(!r&&!s))return[Number(r.toFixed(3)),Number(s.toFixed(3))]},mediaEvents:["loadedmetadata","emptied","progress","seekablechange"]},mediaBuffered:{get(i){var e;let{media:t}=i,r=(e=t?.buffered)!=null?e:[];return Array.from(r).map((s,a)=>[Number(r.start(a).toFixed(3)),Number(r.end(a).toFixed(3))])},mediaEvents:["progress","emptied"]},mediaStreamType:{get(i){let{media:e,options:{defaultStreamType:t}={}}=i,r=[he.LIVE,he.ON_DEMAND].includes(t)?t:void 0;if(!e)return r;let{streamType:s}=e;if(Id.includes(s))return s===he.UNKNOWN?r:s;let a=e.duration;return a===1/0?he.LIVE:Number.isFinite(a)?he.ON_DEMAND:r},mediaEvents:["emptied","durationchange","loadedmetadata","streamtypechange"]},mediaTargetLiveWindow:{get(i){let{media:e}=i;if(!e)return Number.NaN;let{targetLiveWindow:t}=e,r=Jt.mediaStreamType.get(i);return(t==null||Number.isNaN(t))&&r===he.LIVE?0:t},mediaEvents:["emptied","durationchange","loadedmetadata","streamtypechange","targetlivewindowchange"]},mediaTimeIsLive:{get(i){let{media:e,options:{liveEdgeOffset:t=10}={}}=i;if(!e)return!1;if(typeof e.liveEdgeStart=="number")return Number.isNaN(e.liveEdgeStart)?!1:e.currentTime>=e.liveEdgeStart;if(!(Jt.mediaStreamType.get(i)===he.LIVE))return!1;let s=e.seekable;if(!s)return!0;if(!s.length)return!1;let a=s.end(s.length-1)-t;return e.currentTime>=a},mediaEvents:["playing","timeupdate","progress","waiting","emptied"]},mediaSubtitlesList:{get(i){return Zt(i).map(({kind:e,label:t,language:r})=>({kind:e,label:t,language:r}))},mediaEvents:["loadstart"],textTracksEvents:["addtrack","removetrack"]},mediaSubtitlesShowing:{get(i){return la(i).map(({kind:e,label:t,language:r})=>({kind:e,label:t,language:r}))},mediaEvents:["loadstart"],textTracksEvents:["addtrack","removetrack","change"],stateOwnersUpdateHandlers:[(i,e)=>{var t,r;let{media:s,options:a}=e;if(!s)return;let n=o=>{var d;!a.defaultSubtitles||o&&![de.CAPTIONS,de.SUBTITLES].includes((d=o?.track)==null?void 0:d.kind)||Lr(e,!0)};return s.addEventListener("loadstart",n),(t=s.textTracks)==null||t.addEventListener("addtrack",n),(r=s.textTracks)==null||r.addEventListener("removetrack",n),()=>{var o,d;s.removeEventListener("loadstart",n),(o=s.textTracks)==null||o.removeEventListener("addtrack",n),(d=s.textTracks)==null||d.removeEventListener("removetrack",n)}}]},mediaChaptersCues:{get(i){var e;let{media:t}=i;if(!t)return[];let[r]=bt(t,{kind:de.CHAPTERS});return Array.from((e=r?.cues)!=null?e:[]).map(({text:s,startTime:a,endTime:n})=>({text:Rd(s),startTime:a,endTime:n}))},mediaEvents:["loadstart","loadedmetadata"],textTracksEvents:["addtrack","removetrack","change"],stateOwnersUpdateHandlers:[(i,e)=>{var t;let{media:r}=e;if(!r)return;let s=r.querySelector('track[kind="chapters"][default][src]'),a=(t=r.shadowRoot)==null?void 0:t.querySelector(':is(video,audio) > track[kind="chapters"][default][src]');return s?.addEventListener("load",i),a?.addEventListener("load",i),()=>{s?.removeEventListener("load",i),a?.removeEventListener("load",i)}}]},mediaIsPip:{get(i){var e,t;let{media:r,documentElement:s}=i;if(!r||!s||!s.pictureInPictureElement)return!1;if(s.pictureInPictureElement===r)return!0;if(s.pictureInPictureElement instanceof HTMLMediaElement)return(e=r.localName)!=null&&e.includes("-")?Ke(r,s.pictureInPictureElement):!1;if(s.pictureInPictureElement.localName.includes("-")){let a=s.pictureInPictureElement.shadowRoot;for(;a?.pictureInPictureElement;){if(a.pictureInPictureElement===r)return!0;a=(t=a.pictureInPictureElement)==null?void 0:t.shadowRoot}}return!1},set(i,e){let{media:t}=e;if(t)if(i){if(!H.pictureInPictureEnabled){console.warn("MediaChrome: Picture-in-picture is not enabled");return}if(!t.requestPictureInPicture){console.warn("MediaChrome: The current media does not support picture-in-picture");return}let r=()=>{console.warn("MediaChrome: The media is not ready for picture-in-picture. It must have a readyState > 0.")};t.requestPictureInPicture().catch(s=>{if(s.code===11){if(!t.src){console.warn("MediaChrome: The media is not ready for picture-in-picture. It must have a src set.");return}if(t.readyState===0&&t.preload==="none"){let a=()=>{t.removeEventListener("loadedmetadata",n),t.preload="none"},n=()=>{t.requestPictureInPicture().catch(r),a()};t.addEventListener("loadedmetadata",n),t.preload="metadata",setTimeout(()=>{t.readyState===0&&r(),a()},1e3)}else throw s}else throw s})}else H.pictureInPictureElement&&H.exitPictureInPicture()},mediaEvents:["enterpictureinpicture","leavepictureinpicture"]},mediaRenditionList:{get(i){var e;let{media:t}=i;return[...(e=t?.videoRenditions)!=null?e:[]].map(r=>({...r}))},mediaEvents:["emptied","loadstart"],videoRenditionsEvents:["addrendition","removerendition"]},mediaRenditionSelected:{get(i){var e,t,r;let{media:s}=i;return(r=(t=s?.videoRenditions)==null?void 0:t[(e=s.videoRenditions)==null?void 0:e.selectedIndex])==null?void 0:r.id},set(i,e){let{media:t}=e;if(!t?.videoRenditions){console.warn("MediaController: Rendition selection not supported by this media.");return}let r=i,s=Array.prototype.findIndex.call(t.videoRenditions,a=>a.id==r);t.videoRenditions.selectedIndex!=s&&(t.videoRenditions.selectedIndex=s)},mediaEvents:["emptied"],videoRenditionsEvents:["addrendition","removerendition","change"]},mediaAudioTrackList:{get(i){var e;let{media:t}=i;return[...(e=t?.audioTracks)!=null?e:[]]},mediaEvents:["emptied","loadstart"],audioTracksEvents:["addtrack","removetrack"]},mediaAudioTrackEnabled:{get(i){var e,t;let{media:r}=i;return(t=[...(e=r?.audioTracks)!=null?e:[]].find(s=>s.enabled))==null?void 0:t.id},set(i,e){let{media:t}=e;if(!t?.audioTracks){console.warn("MediaChrome: Audio track selection not supported by this media.");return}let r=i;for(let s of t.audioTracks)s.enabled=r==s.id},mediaEvents:["emptied"],audioTracksEvents:["addtrack","removetrack","change"]},mediaIsFullscreen:{get(i){return Mo(i)},set(i,e,t){var r,s;i?(wo(e),t.detail&&!((r=e.media)!=null&&r.inert)&&((s=e.media)==null||s.focus())):Io(e)},rootEvents:["fullscreenchange","webkitfullscreenchange"],mediaEvents:["webkitbeginfullscreen","webkitendfullscreen","webkitpresentationmodechanged"]},mediaIsCasting:{get(i){var e;let{media:t}=i;return!t?.remote||((e=t.remote)==null?void 0:e.state)==="disconnected"?!1:t.remote.state==="connected"},set(i,e){var t,r;let{media:s}=e;if(s&&!(i&&((t=s.remote)==null?void 0:t.state)!=="disconnected")&&!(!i&&((r=s.remote)==null?void 0:r.state)!=="connected")){if(typeof s.remote.prompt!="function"){console.warn("MediaChrome: Casting is not supported in this environment");return}s.remote.prompt().catch(()=>{})}},remoteEvents:["connect","connecting","disconnect"]},mediaIsAirplaying:{get(){return!1},set(i,e){let{media:t}=e;if(t){if(!(t.webkitShowPlaybackTargetPicker&&c.WebKitPlaybackTargetAvailabilityEvent)){console.error("MediaChrome: received a request to select AirPlay but AirPlay is not supported in this environment");return}t.webkitShowPlaybackTargetPicker()}},mediaEvents:["webkitcurrentplaybacktargetiswirelesschanged"]},mediaFullscreenUnavailable:{get(i){let{media:e}=i;if(!Co||!oa(e))return ce.UNSUPPORTED}},mediaPipUnavailable:{get(i){let{media:e}=i;if(!xo||!na(e))return ce.UNSUPPORTED;if(e?.disablePictureInPicture)return ce.UNAVAILABLE}},mediaVolumeUnavailable:{get(i){let{media:e}=i;if(Cr===!1||e?.volume==null)return ce.UNSUPPORTED},stateOwnersUpdateHandlers:[i=>{Cr==null&&Md.then(e=>i(e?void 0:ce.UNSUPPORTED))}]},mediaCastUnavailable:{get(i,{availability:e="not-available"}={}){var t;let{media:r}=i;if(!Uo||!((t=r?.remote)!=null&&t.state))return ce.UNSUPPORTED;if(!(e==null||e==="available"))return ce.UNAVAILABLE},stateOwnersUpdateHandlers:[(i,e)=>{var t;let{media:r}=e;return r?(r.disableRemotePlayback||r.hasAttribute("disableremoteplayback")||(t=r?.remote)==null||t.watchAvailability(a=>{i({availability:a?"available":"not-available"})}).catch(a=>{a.name==="NotSupportedError"?i({availability:null}):i({availability:"not-available"})}),()=>{var a;(a=r?.remote)==null||a.cancelWatchAvailability().catch(()=>{})}):void 0}]},mediaAirplayUnavailable:{get(i,e){if(!Do)return ce.UNSUPPORTED;if(e?.availability==="not-available")return ce.UNAVAILABLE},mediaEvents:["webkitplaybacktargetavailabilitychanged"],stateOwnersUpdateHandlers:[(i,e)=>{var t;let{media:r}=e;return r?(r.disableRemotePlayback||r.hasAttribute("disableremoteplayback")||(t=r?.remote)==null||t.watchAvailability(a=>{i({availability:a?"available":"not-available"})}).catch(a=>{a.name==="NotSupportedError"?i({availability:null}):i({availability:"not-available"})}),()=>{var a;(a=r?.remote)==null||a.cancelWatchAvailability().catch(()=>{})}):void 0}]},mediaRenditionUnavailable:{get(i){var e;let{media:t}=i;if(!t?.videoRenditions)return ce.UNSUPPORTED;if(!((e=t.videoRenditions)!=null&&e.length))return ce.UNAVAILABLE},mediaEvents:["emptied","loadstart"],videoRenditionsEvents:["addrendition","removerendition"]},mediaAudioTrackUnavailable:{get(i){var e,t;let{media:r}=i;if(!r?.audioTracks)return ce.UNSUPPORTED;if(((t=(e=r.audioTracks)==null?void 0:e.length)!=null?t:0)<=1)return ce.UNAVAILABLE},mediaEvents:["emptied","loadstart"],audioTracksEvents:["addtrack","removetrack"]},mediaLang:{get(i){let{options:{mediaLang:e}={}}=i;return e??"en"}}};var Po={[E.MEDIA_PREVIEW_REQUEST](i,e,{detail:t}){var r,s,a;let{media:n}=e,o=t??void 0,d,u;if(n&&o!=null){let[h]=bt(n,{kind:de.METADATA,label:"thumbnails"}),A=Array.prototype.find.call((r=h?.cues)!=null?r:[],(b,S,T)=>S===0?b.endTime>o:S===T.length-1?b.startTime<=o:b.startTime<=o&&b.endTime>o);if(A){let b=/'^(?:[a-z]+:)?\/\//i.test(A.text)||(s=n?.querySelector('track[label="thumbnails"]'))==null?void 0:s.src,S=new URL(A.text,b);u=new URLSearchParams(S.hash).get("#xywh").split(",").map(Q=>+Q),d=S.href}}let f=i.mediaDuration.get(e),v=(a=i.mediaChaptersCues.get(e).find((h,A,b)=>A===b.length-1&&f===h.endTime?h.startTime<=o&&h.endTime>=o:h.startTime<=o&&h.endTime>o))==null?void 0:a.text;return t!=null&&v==null&&(v=""),{mediaPreviewTime:o,mediaPreviewImage:d,mediaPreviewCoords:u,mediaPreviewChapter:v}},[E.MEDIA_PAUSE_REQUEST](i,e){i["mediaPaused"].set(!0,e)},[E.MEDIA_PLAY_REQUEST](i,e){var t,r,s,a;let n="mediaPaused",d=i.mediaStreamType.get(e)===he.LIVE,u=!((t=e.options)!=null&&t.noAutoSeekToLive),f=i.mediaTargetLiveWindow.get(e)>0;if(d&&u&&!f){let p=(r=i.mediaSeekable.get(e))==null?void 0:r[1];if(p){let v=(a=(s=e.options)==null?void 0:s.seekToLiveOffset)!=null?a:0,h=p-v;i.mediaCurrentTime.set(h,e)}}i[n].set(!1,e)},[E.MEDIA_PLAYBACK_RATE_REQUEST](i,e,{detail:t}){let r="mediaPlaybackRate",s=t;i[r].set(s,e)},[E.MEDIA_MUTE_REQUEST](i,e){i["mediaMuted"].set(!0,e)},[E.MEDIA_UNMUTE_REQUEST](i,e){let t="mediaMuted";i.mediaVolume.get(e)||i.mediaVolume.set(.25,e),i[t].set(!1,e)},[E.MEDIA_LOOP_REQUEST](i,e,{detail:t}){let r="mediaLoop",s=!!t;return i[r].set(s,e),{mediaLoop:s}},[E.MEDIA_VOLUME_REQUEST](i,e,{detail:t}){let r="mediaVolume",s=t;s&&i.mediaMuted.get(e)&&i.mediaMuted.set(!1,e),i[r].set(s,e)},[E.MEDIA_SEEK_REQUEST](i,e,{detail:t}){let r="mediaCurrentTime",s=t;i[r].set(s,e)},[E.MEDIA_SEEK_TO_LIVE_REQUEST](i,e){var t,r,s;let a="mediaCurrentTime",n=(t=i.mediaSeekable.get(e))==null?void 0:t[1];if(Number.isNaN(Number(n)))return;let o=(s=(r=e.options)==null?void 0:r.seekToLiveOffset)!=null?s:0,d=n-o;i[a].set(d,e)},[E.MEDIA_SHOW_SUBTITLES_REQUEST](i,e,{detail:t}){var r;let{options:s}=e,a=Zt(e),n=ra(t),o=(r=n[0])==null?void 0:r.language;o&&!s.noSubtitlesLangPref&&c.localStorage.setItem("media-chrome-pref-subtitles-lang",o),Et(je.SHOWING,a,n)},[E.MEDIA_DISABLE_SUBTITLES_REQUEST](i,e,{detail:t}){let r=Zt(e),s=t??[];Et(je.DISABLED,r,s)},[E.MEDIA_TOGGLE_SUBTITLES_REQUEST](i,e,{detail:t}){Lr(e,t)},[E.MEDIA_RENDITION_REQUEST](i,e,{detail:t}){let r="mediaRenditionSelected",s=t;i[r].set(s,e)},[E.MEDIA_AUDIO_TRACK_REQUEST](i,e,{detail:t}){let r="mediaAudioTrackEnabled",s=t;i[r].set(s,e)},[E.MEDIA_ENTER_PIP_REQUEST](i,e){let t="mediaIsPip";i.mediaIsFullscreen.get(e)&&i.mediaIsFullscreen.set(!1,e),i[t].set(!0,e)},[E.MEDIA_EXIT_PIP_REQUEST](i,e){i["mediaIsPip"].set(!1,e)},[E.MEDIA_ENTER_FULLSCREEN_REQUEST](i,e,t){let r="mediaIsFullscreen";i.mediaIsPip.get(e)&&i.mediaIsPip.set(!1,e),i[r].set(!0,e,t)},[E.MEDIA_EXIT_FULLSCREEN_REQUEST](i,e){i["mediaIsFullscreen"].set(!1,e)},[E.MEDIA_ENTER_CAST_REQUEST](i,e){let t="mediaIsCasting";i.mediaIsFullscreen.get(e)&&i.mediaIsFullscreen.set(!1,e),i[t].set(!0,e)},[E.MEDIA_EXIT_CAST_REQUEST](i,e){i["mediaIsCasting"].set(!1,e)},[E.MEDIA_AIRPLAY_REQUEST](i,e){i["mediaIsAirplaying"].set(!0,e)}};var $o=({media:i,fullscreenElement:e,documentElement:t,stateMediator:r=Jt,requestMap:s=Po,options:a={},monitorStateOwnersOnlyWithSubscriptions:n=!0})=>{let o=[],d={options:{...a}},u=Object.freeze({mediaPreviewTime:void 0,mediaPreviewImage:void 0,mediaPreviewCoords:void 0,mediaPreviewChapter:void 0}),f=b=>{b!=null&&(Rr(b,u)||(u=Object.freeze({...u,...b}),o.forEach(S=>S(u))))},p=()=>{let b=Object.entries(r).reduce((S,[T,{get:Q}])=>(S[T]=Q(d),S),{});f(b)},v={},h,A=async(b,S)=>{var T,Q,ot,lt,K,G,Y,Ve,dt,Qa,Ya,Xa,ja,Za,Ja,en;let Ll=!!h;if(h={...d,...h??{},...b},Ll)return;await Oo(...Object.values(b));let Lt=o.length>0&&S===0&&n,tn=d.media!==h.media,rn=((T=d.media)==null?void 0:T.textTracks)!==((Q=h.media)==null?void 0:Q.textTracks),sn=((ot=d.media)==null?void 0:ot.videoRenditions)!==((lt=h.media)==null?void 0:lt.videoRenditions),an=((K=d.media)==null?void 0:K.audioTracks)!==((G=h.media)==null?void 0:G.audioTracks),nn=((Y=d.media)==null?void 0:Y.remote)!==((Ve=h.media)==null?void 0:Ve.remote),on=d.documentElement!==h.documentElement,ln=!!d.media&&(tn||Lt),dn=!!((dt=d.media)!=null&&dt.textTracks)&&(rn||Lt),cn=!!((Qa=d.media)!=null&&Qa.videoRenditions)&&(sn||Lt),un=!!((Ya=d.media)!=null&&Ya.audioTracks)&&(an||Lt),hn=!!((Xa=d.media)!=null&&Xa.remote)&&(nn||Lt),pn=!!d.documentElement&&(on||Lt),ws=ln||dn||cn||un||hn||pn,Rt=o.length===0&&S===1&&n,mn=!!h.media&&(tn||Rt),fn=!!((ja=h.media)!=null&&ja.textTracks)&&(rn||Rt),vn=!!((Za=h.media)!=null&&Za.videoRenditions)&&(sn||Rt),gn=!!((Ja=h.media)!=null&&Ja.audioTracks)&&(an||Rt),_n=!!((en=h.media)!=null&&en.remote)&&(nn||Rt),En=!!h.documentElement&&(on||Rt),bn=mn||fn||vn||gn||_n||En;if(!(ws||bn)){Object.entries(h).forEach(([D,gi])=>{d[D]=gi}),p(),h=void 0;return}Object.entries(r).forEach(([D,{get:gi,mediaEvents:Rl=[],textTracksEvents:Cl=[],videoRenditionsEvents:xl=[],audioTracksEvents:Dl=[],remoteEvents:Ul=[],rootEvents:Ol=[],stateOwnersUpdateHandlers:Pl=[]}])=>{v[D]||(v[D]={});let ue=$=>{let W=gi(d,$);f({[D]:W})},X;X=v[D].mediaEvents,Rl.forEach($=>{X&&ln&&(d.media.removeEventListener($,X),v[D].mediaEvents=void 0),mn&&(h.media.addEventListener($,ue),v[D].mediaEvents=ue)}),X=v[D].textTracksEvents,Cl.forEach($=>{var W,be;X&&dn&&((W=d.media.textTracks)==null||W.removeEventListener($,X),v[D].textTracksEvents=void 0),fn&&((be=h.media.textTracks)==null||be.addEventListener($,ue),v[D].textTracksEvents=ue)}),X=v[D].videoRenditionsEvents,xl.forEach($=>{var W,be;X&&cn&&((W=d.media.videoRenditions)==null||W.removeEventListener($,X),v[D].videoRenditionsEvents=void 0),vn&&((be=h.media.videoRenditions)==null||be.addEventListener($,ue),v[D].videoRenditionsEvents=ue)}),X=v[D].audioTracksEvents,Dl.forEach($=>{var W,be;X&&un&&((W=d.media.audioTracks)==null||W.removeEventListener($,X),v[D].audioTracksEvents=void 0),gn&&((be=h.media.audioTracks)==null||be.addEventListener($,ue),v[D].audioTracksEvents=ue)}),X=v[D].remoteEvents,Ul.forEach($=>{var W,be;X&&hn&&((W=d.media.remote)==null||W.removeEventListener($,X),v[D].remoteEvents=void 0),_n&&((be=h.media.remote)==null||be.addEventListener($,ue),v[D].remoteEvents=ue)}),X=v[D].rootEvents,Ol.forEach($=>{X&&pn&&(d.documentElement.removeEventListener($,X),v[D].rootEvents=void 0),En&&(h.documentElement.addEventListener($,ue),v[D].rootEvents=ue)});let or=v[D].stateOwnersUpdateHandlers;if(or&&ws&&(Array.isArray(or)?or:[or]).forEach(W=>{typeof W=="function"&&W()}),bn){let $=Pl.map(W=>W(ue,h)).filter(W=>typeof W=="function");v[D].stateOwnersUpdateHandlers=$.length===1?$[0]:$}else ws&&(v[D].stateOwnersUpdateHandlers=void 0)}),Object.entries(h).forEach(([D,gi])=>{d[D]=gi}),p(),h=void 0};return A({media:i,fullscreenElement:e,documentElement:t,options:a}),{dispatch(b){let{type:S,detail:T}=b;if(s[S]&&u.mediaErrorCode==null){f(s[S](r,d,b));return}S==="mediaelementchangerequest"?A({media:T}):S==="fullscreenelementchangerequest"?A({fullscreenElement:T}):S==="documentelementchangerequest"?A({documentElement:T}):S==="optionschangerequest"&&(Object.entries(T??{}).forEach(([Q,ot])=>{d.options[Q]=ot}),p())},getState(){return u},subscribe(b){return A({},o.length+1),o.push(b),b(u),()=>{let S=o.indexOf(b);S>=0&&(A({},o.length-1),o.splice(S,1))}}}};var ma=(i,e,t)=>{if(!e.has(i))throw TypeError("Cannot "+t)},y=(i,e,t)=>(ma(i,e,"read from private field"),t?t.call(i):e.get(i)),pe=(i,e,t)=>{if(e.has(i))throw TypeError("Cannot add the same private member more than once");e instanceof WeakSet?e.add(i):e.set(i,t)},ke=(i,e,t,r)=>(ma(i,e,"write to private field"),r?r.call(i,t):e.set(i,t),t),et=(i,e,t)=>(ma(i,e,"access private method"),t),ze,Pi,R,me,$i,Ce,xr,Ni,Dr,da,At,Ur,ca,Hi,Or,ua,qo,Ko=["ArrowLeft","ArrowRight","ArrowUp","ArrowDown","Enter"," ","f","m","k","c","l","j",">","<","p"],No=10,Ho=.025,Bo=.25,Cd=.25,xd=2,m={DEFAULT_SUBTITLES:"defaultsubtitles",DEFAULT_STREAM_TYPE:"defaultstreamtype",DEFAULT_DURATION:"defaultduration",FULLSCREEN_ELEMENT:"fullscreenelement",HOTKEYS:"hotkeys",KEYBOARD_BACKWARD_SEEK_OFFSET:"keyboardbackwardseekoffset",KEYBOARD_FORWARD_SEEK_OFFSET:"keyboardforwardseekoffset",KEYBOARD_DOWN_VOLUME_STEP:"keyboarddownvolumestep",KEYBOARD_UP_VOLUME_STEP:"keyboardupvolumestep",KEYS_USED:"keysused",LANG:"lang",LOOP:"loop",LIVE_EDGE_OFFSET:"liveedgeoffset",NO_AUTO_SEEK_TO_LIVE:"noautoseektolive",NO_DEFAULT_STORE:"nodefaultstore",NO_HOTKEYS:"nohotkeys",NO_MUTED_PREF:"nomutedpref",NO_SUBTITLES_LANG_PREF:"nosubtitleslangpref",NO_VOLUME_PREF:"novolumepref",SEEK_TO_LIVE_OFFSET:"seektoliveoffset"},ha=class extends gt{constructor(){super(),pe(this,Dr),pe(this,Ur),pe(this,Hi),pe(this,ua),this.mediaStateReceivers=[],this.associatedElementSubscriptions=new Map,pe(this,ze,new Xt(this,m.HOTKEYS)),pe(this,Pi,void 0),pe(this,R,void 0),pe(this,me,null),pe(this,$i,void 0),pe(this,Ce,void 0),pe(this,xr,t=>{var r;(r=y(this,R))==null||r.dispatch(t)}),pe(this,Ni,void 0),pe(this,At,t=>{let{key:r,shiftKey:s}=t;if(!(s&&(r==="/"||r==="?")||Ko.includes(r))){this.removeEventListener("keyup",y(this,At));return}this.keyboardShortcutHandler(t)}),this.associateElement(this);let e={};ke(this,$i,t=>{Object.entries(t).forEach(([r,s])=>{if(r in e&&e[r]===s)return;this.propagateMediaState(r,s);let a=r.toLowerCase(),n=new c.CustomEvent(ro[a],{composed:!0,detail:s});this.dispatchEvent(n)}),e=t})}static get observedAttributes(){return super.observedAttributes.concat(m.NO_HOTKEYS,m.HOTKEYS,m.DEFAULT_STREAM_TYPE,m.DEFAULT_SUBTITLES,m.DEFAULT_DURATION,m.NO_MUTED_PREF,m.NO_VOLUME_PREF,m.LANG,m.LOOP,m.LIVE_EDGE_OFFSET,m.SEEK_TO_LIVE_OFFSET,m.NO_AUTO_SEEK_TO_LIVE)}get mediaStore(){return y(this,R)}set mediaStore(e){var t,r;if(y(this,R)&&((t=y(this,Ce))==null||t.call(this),ke(this,Ce,void 0)),ke(this,R,e),!y(this,R)&&!this.hasAttribute(m.NO_DEFAULT_STORE)){et(this,Dr,da).call(this);return}ke(this,Ce,(r=y(this,R))==null?void 0:r.subscribe(y(this,$i)))}get fullscreenElement(){var e;return(e=y(this,Pi))!=null?e:this}set fullscreenElement(e){var t;this.hasAttribute(m.FULLSCREEN_ELEMENT)&&this.removeAttribute(m.FULLSCREEN_ELEMENT),ke(this,Pi,e),(t=y(this,R))==null||t.dispatch({type:"fullscreenelementchangerequest",detail:this.fullscreenElement})}get defaultSubtitles(){return I(this,m.DEFAULT_SUBTITLES)}set defaultSubtitles(e){M(this,m.DEFAULT_SUBTITLES,e)}get defaultStreamType(){return x(this,m.DEFAULT_STREAM_TYPE)}set defaultStreamType(e){C(this,m.DEFAULT_STREAM_TYPE,e)}get defaultDuration(){return j(this,m.DEFAULT_DURATION)}set defaultDuration(e){Z(this,m.DEFAULT_DURATION,e)}get noHotkeys(){return I(this,m.NO_HOTKEYS)}set noHotkeys(e){M(this,m.NO_HOTKEYS,e)}get keysUsed(){return x(this,m.KEYS_USED)}set keysUsed(e){C(this,m.KEYS_USED,e)}get liveEdgeOffset(){return j(this,m.LIVE_EDGE_OFFSET)}set liveEdgeOffset(e){Z(this,m.LIVE_EDGE_OFFSET,e)}get noAutoSeekToLive(){return I(this,m.NO_AUTO_SEEK_TO_LIVE)}set noAutoSeekToLive(e){M(this,m.NO_AUTO_SEEK_TO_LIVE,e)}get noVolumePref(){return I(this,m.NO_VOLUME_PREF)}set noVolumePref(e){M(this,m.NO_VOLUME_PREF,e)}get noMutedPref(){return I(this,m.NO_MUTED_PREF)}set noMutedPref(e){M(this,m.NO_MUTED_PREF,e)}get noSubtitlesLangPref(){return I(this,m.NO_SUBTITLES_LANG_PREF)}set noSubtitlesLangPref(e){M(this,m.NO_SUBTITLES_LANG_PREF,e)}get noDefaultStore(){return I(this,m.NO_DEFAULT_STORE)}set noDefaultStore(e){M(this,m.NO_DEFAULT_STORE,e)}get resolvedLang(){return po()}attributeChangedCallback(e,t,r){var s,a,n,o,d,u,f,p,v,h,A,b;if(super.attributeChangedCallback(e,t,r),e===m.NO_HOTKEYS)r!==t&&r===""?(this.hasAttribute(m.HOTKEYS)&&console.warn("Media Chrome: Both `hotkeys` and `nohotkeys` have been set. All hotkeys will be disabled."),this.disableHotkeys()):r!==t&&r===null&&this.enableHotkeys(),et(this,Hi,Or).call(this);else if(e===m.HOTKEYS)y(this,ze).value=r,et(this,Hi,Or).call(this);else if(e===m.DEFAULT_SUBTITLES&&r!==t)(s=y(this,R))==null||s.dispatch({type:"optionschangerequest",detail:{defaultSubtitles:this.hasAttribute(m.DEFAULT_SUBTITLES)}});else if(e===m.DEFAULT_STREAM_TYPE)(n=y(this,R))==null||n.dispatch({type:"optionschangerequest",detail:{defaultStreamType:(a=this.getAttribute(m.DEFAULT_STREAM_TYPE))!=null?a:void 0}});else if(e===m.LIVE_EDGE_OFFSET&&r!==t)(o=y(this,R))==null||o.dispatch({type:"optionschangerequest",detail:{liveEdgeOffset:this.hasAttribute(m.LIVE_EDGE_OFFSET)?+this.getAttribute(m.LIVE_EDGE_OFFSET):void 0,seekToLiveOffset:this.hasAttribute(m.SEEK_TO_LIVE_OFFSET)?+this.getAttribute(m.SEEK_TO_LIVE_OFFSET):this.hasAttribute(m.LIVE_EDGE_OFFSET)?+this.getAttribute(m.LIVE_EDGE_OFFSET):void 0}});else if(e===m.SEEK_TO_LIVE_OFFSET&&r!==t)(d=y(this,R))==null||d.dispatch({type:"optionschangerequest",detail:{seekToLiveOffset:this.hasAttribute(m.SEEK_TO_LIVE_OFFSET)?+this.getAttribute(m.SEEK_TO_LIVE_OFFSET):this.hasAttribute(m.LIVE_EDGE_OFFSET)?+this.getAttribute(m.LIVE_EDGE_OFFSET):void 0}});else if(e===m.NO_AUTO_SEEK_TO_LIVE)(u=y(this,R))==null||u.dispatch({type:"optionschangerequest",detail:{noAutoSeekToLive:this.hasAttribute(m.NO_AUTO_SEEK_TO_LIVE)}});else if(e===m.FULLSCREEN_ELEMENT){let S=r?(f=this.getRootNode())==null?void 0:f.getElementById(r):void 0;ke(this,Pi,S),(p=y(this,R))==null||p.dispatch({type:"fullscreenelementchangerequest",detail:this.fullscreenElement})}else e===m.LANG&&r!==t?(ho(r),(v=y(this,R))==null||v.dispatch({type:"optionschangerequest",detail:{mediaLang:r}})):e===m.LOOP&&r!==t?(h=y(this,R))==null||h.dispatch({type:E.MEDIA_LOOP_REQUEST,detail:r!=null}):e===m.NO_VOLUME_PREF&&r!==t?(A=y(this,R))==null||A.dispatch({type:"optionschangerequest",detail:{noVolumePref:this.hasAttribute(m.NO_VOLUME_PREF)}}):e===m.NO_MUTED_PREF&&r!==t&&((b=y(this,R))==null||b.dispatch({type:"optionschangerequest",detail:{noMutedPref:this.hasAttribute(m.NO_MUTED_PREF)}}))}connectedCallback(){var e,t,r;this.associateElement(this),!y(this,R)&&!this.hasAttribute(m.NO_DEFAULT_STORE)&&et(this,Dr,da).call(this),(e=y(this,R))==null||e.dispatch({type:"documentelementchangerequest",detail:H}),(t=y(this,R))==null||t.dispatch({type:"fullscreenelementchangerequest",detail:this.fullscreenElement}),super.connectedCallback(),y(this,R)&&!y(this,Ce)&&ke(this,Ce,(r=y(this,R))==null?void 0:r.subscribe(y(this,$i))),y(this,Ni)!==void 0&&y(this,R)&&this.media&&setTimeout(()=>{var s,a,n;(a=(s=this.media)==null?void 0:s.textTracks)!=null&&a.length&&((n=y(this,R))==null||n.dispatch({type:E.MEDIA_TOGGLE_SUBTITLES_REQUEST,detail:y(this,Ni)}))},0),this.hasAttribute(m.NO_HOTKEYS)?this.disableHotkeys():this.enableHotkeys()}disconnectedCallback(){var e,t,r,s,a,n;if((e=super.disconnectedCallback)==null||e.call(this),this.disableHotkeys(),y(this,R)){let o=y(this,R).getState();ke(this,Ni,!!((t=o.mediaSubtitlesShowing)!=null&&t.length)),(r=y(this,R))==null||r.dispatch({type:"fullscreenelementchangerequest",detail:void 0}),(s=y(this,R))==null||s.dispatch({type:"documentelementchangerequest",detail:void 0}),(a=y(this,R))==null||a.dispatch({type:E.MEDIA_TOGGLE_SUBTITLES_REQUEST,detail:!1})}y(this,Ce)&&((n=y(this,Ce))==null||n.call(this),ke(this,Ce,void 0)),this.unassociateElement(this),y(this,me)&&(y(this,me).remove(),ke(this,me,null))}mediaSetCallback(e){var t;super.mediaSetCallback(e),(t=y(this,R))==null||t.dispatch({type:"mediaelementchangerequest",detail:e}),e.hasAttribute("tabindex")||(e.tabIndex=-1)}mediaUnsetCallback(e){var t;super.mediaUnsetCallback(e),(t=y(this,R))==null||t.dispatch({type:"mediaelementchangerequest",detail:void 0})}propagateMediaState(e,t){Wo(this.mediaStateReceivers,e,t)}associateElement(e){if(!e)return;let{associatedElementSubscriptions:t}=this;if(t.has(e))return;let r=this.registerMediaStateReceiver.bind(this),s=this.unregisterMediaStateReceiver.bind(this),a=Nd(e,r,s);Object.values(E).forEach(n=>{e.addEventListener(n,y(this,xr))}),t.set(e,a)}unassociateElement(e){if(!e)return;let{associatedElementSubscriptions:t}=this;if(!t.has(e))return;t.get(e)(),t.delete(e),Object.values(E).forEach(s=>{e.removeEventListener(s,y(this,xr))})}registerMediaStateReceiver(e){if(!e)return;let t=this.mediaStateReceivers;t.indexOf(e)>-1||(t.push(e),y(this,R)&&Object.entries(y(this,R).getState()).forEach(([s,a])=>{Wo([e],s,a)}))}unregisterMediaStateReceiver(e){let t=this.mediaStateReceivers,r=t.indexOf(e);r<0||t.splice(r,1)}enableHotkeys(){this.addEventListener("keydown",et(this,Ur,ca))}disableHotkeys(){this.removeEventListener("keydown",et(this,Ur,ca)),this.removeEventListener("keyup",y(this,At))}get hotkeys(){return y(this,ze)}set hotkeys(e){C(this,m.HOTKEYS,e)}keyboardShortcutHandler(e){var t,r,s,a,n,o,d,u,f;let p=e.target;if(((s=(r=(t=p.getAttribute(m.KEYS_USED))==null?void 0:t.split(" "))!=null?r:p?.keysUsed)!=null?s:[]).map(T=>T==="Space"?" ":T).filter(Boolean).includes(e.key))return;let h,A,b;if(!(y(this,ze).contains(ta(e.key))||e.shiftKey&&(e.key==="/"||e.key==="?")&&y(this,ze).contains("noshift+/")))switch(e.key){case" ":case"k":h=y(this,R).getState().mediaPaused?E.MEDIA_PLAY_REQUEST:E.MEDIA_PAUSE_REQUEST,this.dispatchEvent(new c.CustomEvent(h,{composed:!0,bubbles:!0}));break;case"m":h=this.mediaStore.getState().mediaVolumeLevel==="off"?E.MEDIA_UNMUTE_REQUEST:E.MEDIA_MUTE_REQUEST,this.dispatchEvent(new c.CustomEvent(h,{composed:!0,bubbles:!0}));break;case"f":h=this.mediaStore.getState().mediaIsFullscreen?E.MEDIA_EXIT_FULLSCREEN_REQUEST:E.MEDIA_ENTER_FULLSCREEN_REQUEST,this.dispatchEvent(new c.CustomEvent(h,{composed:!0,bubbles:!0}));break;case"c":this.dispatchEvent(new c.CustomEvent(E.MEDIA_TOGGLE_SUBTITLES_REQUEST,{composed:!0,bubbles:!0}));break;case"ArrowLeft":case"j":{let T=this.hasAttribute(m.KEYBOARD_BACKWARD_SEEK_OFFSET)?+this.getAttribute(m.KEYBOARD_BACKWARD_SEEK_OFFSET):No;A=Math.max(((a=this.mediaStore.getState().mediaCurrentTime)!=null?a:0)-T,0),b=new c.CustomEvent(E.MEDIA_SEEK_REQUEST,{composed:!0,bubbles:!0,detail:A}),this.dispatchEvent(b);break}case"ArrowRight":case"l":{let T=this.hasAttribute(m.KEYBOARD_FORWARD_SEEK_OFFSET)?+this.getAttribute(m.KEYBOARD_FORWARD_SEEK_OFFSET):No;A=Math.max(((n=this.mediaStore.getState().mediaCurrentTime)!=null?n:0)+T,0),b=new c.CustomEvent(E.MEDIA_SEEK_REQUEST,{composed:!0,bubbles:!0,detail:A}),this.dispatchEvent(b);break}case"ArrowUp":{let T=this.hasAttribute(m.KEYBOARD_UP_VOLUME_STEP)?+this.getAttribute(m.KEYBOARD_UP_VOLUME_STEP):Ho;A=Math.min(((o=this.mediaStore.getState().mediaVolume)!=null?o:1)+T,1),b=new c.CustomEvent(E.MEDIA_VOLUME_REQUEST,{composed:!0,bubbles:!0,detail:A}),this.dispatchEvent(b);break}case"ArrowDown":{let T=this.hasAttribute(m.KEYBOARD_DOWN_VOLUME_STEP)?+this.getAttribute(m.KEYBOARD_DOWN_VOLUME_STEP):Ho;A=Math.max(((d=this.mediaStore.getState().mediaVolume)!=null?d:1)-T,0),b=new c.CustomEvent(E.MEDIA_VOLUME_REQUEST,{composed:!0,bubbles:!0,detail:A}),this.dispatchEvent(b);break}case"<":{let T=(u=this.mediaStore.getState().mediaPlaybackRate)!=null?u:1;A=Math.max(T-Bo,Cd).toFixed(2),b=new c.CustomEvent(E.MEDIA_PLAYBACK_RATE_REQUEST,{composed:!0,bubbles:!0,detail:A}),this.dispatchEvent(b);break}case">":{let T=(f=this.mediaStore.getState().mediaPlaybackRate)!=null?f:1;A=Math.min(T+Bo,xd).toFixed(2),b=new c.CustomEvent(E.MEDIA_PLAYBACK_RATE_REQUEST,{composed:!0,bubbles:!0,detail:A}),this.dispatchEvent(b);break}case"/":case"?":{e.shiftKey&&et(this,ua,qo).call(this);break}case"p":{h=this.mediaStore.getState().mediaIsPip?E.MEDIA_EXIT_PIP_REQUEST:E.MEDIA_ENTER_PIP_REQUEST,b=new c.CustomEvent(h,{composed:!0,bubbles:!0}),this.dispatchEvent(b);break}default:break}}};ze=new WeakMap;Pi=new WeakMap;R=new WeakMap;me=new WeakMap;$i=new WeakMap;Ce=new WeakMap;xr=new WeakMap;Ni=new WeakMap;Dr=new WeakSet;da=function(){var i;this.mediaStore=$o({media:this.media,fullscreenElement:this.fullscreenElement,options:{defaultSubtitles:this.hasAttribute(m.DEFAULT_SUBTITLES),defaultDuration:this.hasAttribute(m.DEFAULT_DURATION)?+this.getAttribute(m.DEFAULT_DURATION):void 0,defaultStreamType:(i=this.getAttribute(m.DEFAULT_STREAM_TYPE))!=null?i:void 0,liveEdgeOffset:this.hasAttribute(m.LIVE_EDGE_OFFSET)?+this.getAttribute(m.LIVE_EDGE_OFFSET):void 0,seekToLiveOffset:this.hasAttribute(m.SEEK_TO_LIVE_OFFSET)?+this.getAttribute(m.SEEK_TO_LIVE_OFFSET):this.hasAttribute(m.LIVE_EDGE_OFFSET)?+this.getAttribute(m.LIVE_EDGE_OFFSET):void 0,noAutoSeekToLive:this.hasAttribute(m.NO_AUTO_SEEK_TO_LIVE),noVolumePref:this.hasAttribute(m.NO_VOLUME_PREF),noMutedPref:this.hasAttribute(m.NO_MUTED_PREF),noSubtitlesLangPref:this.hasAttribute(m.NO_SUBTITLES_LANG_PREF)}})};At=new WeakMap;Ur=new WeakSet;ca=function(i){var e;let{metaKey:t,altKey:r,key:s,shiftKey:a}=i,n=a&&(s==="/"||s==="?");if(n&&((e=y(this,me))!=null&&e.open)){this.removeEventListener("keyup",y(this,At));return}if(t||r||!n&&!Ko.includes(s)){this.removeEventListener("keyup",y(this,At));return}let o=i.target,d=o instanceof HTMLElement&&(o.tagName.toLowerCase()==="media-volume-range"||o.tagName.toLowerCase()==="media-time-range");[" ","ArrowLeft","ArrowRight","ArrowUp","ArrowDown"].includes(s)&&!y(this,ze).contains(ta(s))&&!d&&i.preventDefault(),this.addEventListener("keyup",y(this,At),{once:!0})};Hi=new WeakSet;Or=function(){y(this,me)&&(y(this,me).hotkeys=y(this,ze).value||void 0,(this.noHotkeys||y(this,ze).contains("noshift+/"))&&(y(this,me).open=!1))};ua=new WeakSet;qo=function(){y(this,me)||(ke(this,me,H.createElement("media-keyboard-shortcuts-dialog")),et(this,Hi,Or).call(this),this.appendChild(y(this,me))),y(this,me).open=!0};var Dd=Object.values(l),Ud=Object.values(qs),Go=i=>{var e,t,r,s;let{observedAttributes:a}=i.constructor;!a&&((e=i.nodeName)!=null&&e.includes("-"))&&(c.customElements.upgrade(i),{observedAttributes:a}=i.constructor);let n=(s=(r=(t=i?.getAttribute)==null?void 0:t.call(i,w.MEDIA_CHROME_ATTRIBUTES))==null?void 0:r.split)==null?void 0:s.call(r,/\s+/);return Array.isArray(a||n)?(a||n).filter(o=>Dd.includes(o)):[]},Od=i=>{var e,t;return(e=i.nodeName)!=null&&e.includes("-")&&c.customElements.get((t=i.nodeName)==null?void 0:t.toLowerCase())&&!(i instanceof c.customElements.get(i.nodeName.toLowerCase()))&&c.customElements.upgrade(i),Ud.some(r=>r in i)},pa=i=>Od(i)||!!Go(i).length,Fo=i=>{var e;return(e=i?.join)==null?void 0:e.call(i,":")},Vo={[l.MEDIA_SUBTITLES_LIST]:Ui,[l.MEDIA_SUBTITLES_SHOWING]:Ui,[l.MEDIA_SEEKABLE]:Fo,[l.MEDIA_BUFFERED]:i=>i?.map(Fo).join(" "),[l.MEDIA_PREVIEW_COORDS]:i=>i?.join(" "),[l.MEDIA_RENDITION_LIST]:_o,[l.MEDIA_AUDIO_TRACK_LIST]:bo},Pd=async(i,e,t)=>{var r,s;if(i.isConnected||await Ir(0),typeof t=="boolean"||t==null)return M(i,e,t);if(typeof t=="number")return Z(i,e,t);if(typeof t=="string")return C(i,e,t);if(Array.isArray(t)&&!t.length)return i.removeAttribute(e);let a=(s=(r=Vo[e])==null?void 0:r.call(Vo,t))!=null?s:t;return i.setAttribute(e,a)},$d=i=>{var e;return!!((e=i.closest)!=null&&e.call(i,'*[slot="media"]'))},yt=(i,e)=>{if($d(i))return;let t=(s,a)=>{var n,o;pa(s)&&a(s);let{children:d=[]}=s??{},u=(o=(n=s?.shadowRoot)==null?void 0:n.children)!=null?o:[];[...d,...u].forEach(p=>yt(p,a))},r=i?.nodeName.toLowerCase();if(r.includes("-")&&!pa(i)){c.customElements.whenDefined(r).then(()=>{t(i,e)});return}t(i,e)},Wo=(i,e,t)=>{i.forEach(r=>{if(e in r){r[e]=t;return}let s=Go(r),a=e.toLowerCase();s.includes(a)&&Pd(r,a,t)})},Nd=(i,e,t)=>{yt(i,e);let r=f=>{var p;let v=(p=f?.composedPath()[0])!=null?p:f.target;e(v)},s=f=>{var p;let v=(p=f?.composedPath()[0])!=null?p:f.target;t(v)};i.addEventListener(E.REGISTER_MEDIA_STATE_RECEIVER,r),i.addEventListener(E.UNREGISTER_MEDIA_STATE_RECEIVER,s);let a=f=>{f.forEach(p=>{let{addedNodes:v=[],removedNodes:h=[],type:A,target:b,attributeName:S}=p;A==="childList"?(Array.prototype.forEach.call(v,T=>yt(T,e)),Array.prototype.forEach.call(h,T=>yt(T,t))):A==="attributes"&&S===w.MEDIA_CHROME_ATTRIBUTES&&(pa(b)?e(b):t(b))})},n=[],o=f=>{let p=f.target;p.name!=="media"&&(n.forEach(v=>yt(v,t)),n=[...p.assignedElements({flatten:!0})],n.forEach(v=>yt(v,e)))};i.addEventListener("slotchange",o);let d=new MutationObserver(a);return d.observe(i,{childList:!0,attributes:!0,subtree:!0}),()=>{yt(i,t),i.removeEventListener("slotchange",o),d.disconnect(),i.removeEventListener(E.REGISTER_MEDIA_STATE_RECEIVER,r),i.removeEventListener(E.UNREGISTER_MEDIA_STATE_RECEIVER,s)}};c.customElements.get("media-controller")||c.customElements.define("media-controller",ha);var zo=(i,e,t)=>{if(!e.has(i))throw TypeError("Cannot "+t)},Pr=(i,e,t)=>(zo(i,e,"read from private field"),t?t.call(i):e.get(i)),Hd=(i,e,t)=>{if(e.has(i))throw TypeError("Cannot add the same private member more than once");e instanceof WeakSet?e.add(i):e.set(i,t)},$r=(i,e,t,r)=>(zo(i,e,"write to private field"),r?r.call(i,t):e.set(i,t),t),xe;function Bd(i){return`
    <style>
      :host {
        
        box-sizing: border-box;
        display: var(--media-control-display, var(--media-control-bar-display, inline-flex));
        color: var(--media-text-color, var(--media-primary-color, rgb(238 238 238)));
        --media-loading-indicator-icon-height: 44px;
      }

      ::slotted(media-time-range),
      ::slotted(media-volume-range) {
        min-height: 100%;
      }

      ::slotted(media-time-range),
      ::slotted(media-clip-selector) {
        flex-grow: 1;
      }

      ::slotted([role="menu"]) {
        position: absolute;
      }
    </style>

    <slot></slot>
  `}var Bi=class extends c.HTMLElement{constructor(){if(super(),Hd(this,xe,void 0),!this.shadowRoot){this.attachShadow(this.constructor.shadowRootOptions);let e=B(this.attributes);this.shadowRoot.innerHTML=this.constructor.getTemplateHTML(e)}}static get observedAttributes(){return[w.MEDIA_CONTROLLER]}attributeChangedCallback(e,t,r){var s,a,n,o,d;e===w.MEDIA_CONTROLLER&&(t&&((a=(s=Pr(this,xe))==null?void 0:s.unassociateElement)==null||a.call(s,this),$r(this,xe,null)),r&&this.isConnected&&($r(this,xe,(n=this.getRootNode())==null?void 0:n.getElementById(r)),(d=(o=Pr(this,xe))==null?void 0:o.associateElement)==null||d.call(o,this)))}connectedCallback(){var e,t,r;let s=this.getAttribute(w.MEDIA_CONTROLLER);s&&($r(this,xe,(e=this.getRootNode())==null?void 0:e.getElementById(s)),(r=(t=Pr(this,xe))==null?void 0:t.associateElement)==null||r.call(t,this))}disconnectedCallback(){var e,t;(t=(e=Pr(this,xe))==null?void 0:e.unassociateElement)==null||t.call(e,this),$r(this,xe,null)}};xe=new WeakMap;Bi.shadowRootOptions={mode:"open"};Bi.getTemplateHTML=Bd;c.customElements.get("media-control-bar")||c.customElements.define("media-control-bar",Bi);var ei={PLACEMENT:"placement",BOUNDS:"bounds"};function Fd(i){return`
    <style>
      :host {
        --_tooltip-background-color: var(--media-tooltip-background-color, var(--media-secondary-color, rgba(20, 20, 30, .7)));
        --_tooltip-background: var(--media-tooltip-background, var(--_tooltip-background-color));
        --_tooltip-arrow-half-width: calc(var(--media-tooltip-arrow-width, 12px) / 2);
        --_tooltip-arrow-height: var(--media-tooltip-arrow-height, 5px);
        --_tooltip-arrow-background: var(--media-tooltip-arrow-color, var(--_tooltip-background-color));
        position: relative;
        pointer-events: none;
        display: var(--media-tooltip-display, inline-flex);
        justify-content: center;
        align-items: center;
        box-sizing: border-box;
        z-index: var(--media-tooltip-z-index, 1);
        background: var(--_tooltip-background);
        color: var(--media-text-color, var(--media-primary-color, rgb(238 238 238)));
        font: var(--media-font,
          var(--media-font-weight, 400)
          var(--media-font-size, 13px) /
          var(--media-text-content-height, var(--media-control-height, 18px))
          var(--media-font-family, helvetica neue, segoe ui, roboto, arial, sans-serif));
        padding: var(--media-tooltip-padding, .35em .7em);
        border: var(--media-tooltip-border, none);
        border-radius: var(--media-tooltip-border-radius, 5px);
        filter: var(--media-tooltip-filter, drop-shadow(0 0 4px rgba(0, 0, 0, .2)));
        white-space: var(--media-tooltip-white-space, nowrap);
      }

      :host([hidden]) {
        display: none;
      }

      img, svg {
        display: inline-block;
      }

      #arrow {
        position: absolute;
        width: 0px;
        height: 0px;
        border-style: solid;
        display: var(--media-tooltip-arrow-display, block);
      }

      :host(:not([placement])),
      :host([placement="top"]) {
        position: absolute;
        bottom: calc(100% + var(--media-tooltip-distance, 12px));
        left: 50%;
        transform: translate(calc(-50% - var(--media-tooltip-offset-x, 0px)), 0);
      }
      :host(:not([placement])) #arrow,
      :host([placement="top"]) #arrow {
        top: 100%;
        left: 50%;
        border-width: var(--_tooltip-arrow-height) var(--_tooltip-arrow-half-width) 0 var(--_tooltip-arrow-half-width);
        border-color: var(--_tooltip-arrow-background) transparent transparent transparent;
        transform: translate(calc(-50% + var(--media-tooltip-offset-x, 0px)), 0);
      }

      :host([placement="right"]) {
        position: absolute;
        left: calc(100% + var(--media-tooltip-distance, 12px));
        top: 50%;
        transform: translate(0, -50%);
      }
      :host([placement="right"]) #arrow {
        top: 50%;
        right: 100%;
        border-width: var(--_tooltip-arrow-half-width) var(--_tooltip-arrow-height) var(--_tooltip-arrow-half-width) 0;
        border-color: transparent var(--_tooltip-arrow-background) transparent transparent;
        transform: translate(0, -50%);
      }

      :host([placement="bottom"]) {
        position: absolute;
        top: calc(100% + var(--media-tooltip-distance, 12px));
        left: 50%;
        transform: translate(calc(-50% - var(--media-tooltip-offset-x, 0px)), 0);
      }
      :host([placement="bottom"]) #arrow {
        bottom: 100%;
        left: 50%;
        border-width: 0 var(--_tooltip-arrow-half-width) var(--_tooltip-arrow-height) var(--_tooltip-arrow-half-width);
        border-color: transparent transparent var(--_tooltip-arrow-background) transparent;
        transform: translate(calc(-50% + var(--media-tooltip-offset-x, 0px)), 0);
      }

      :host([placement="left"]) {
        position: absolute;
        right: calc(100% + var(--media-tooltip-distance, 12px));
        top: 50%;
        transform: translate(0, -50%);
      }
      :host([placement="left"]) #arrow {
        top: 50%;
        left: 100%;
        border-width: var(--_tooltip-arrow-half-width) 0 var(--_tooltip-arrow-half-width) var(--_tooltip-arrow-height);
        border-color: transparent transparent transparent var(--_tooltip-arrow-background);
        transform: translate(0, -50%);
      }
      
      :host([placement="none"]) #arrow {
        display: none;
      }
    </style>
    <slot></slot>
    <div id="arrow"></div>
  `}var ti=class extends c.HTMLElement{constructor(){if(super(),this.updateXOffset=()=>{var e;if(!_r(this,{checkOpacity:!1,checkVisibilityCSS:!1}))return;let t=this.placement;if(t==="left"||t==="right"){this.style.removeProperty("--media-tooltip-offset-x");return}let r=getComputedStyle(this),s=(e=Re(this,"#"+this.bounds))!=null?e:gr(this);if(!s)return;let{x:a,width:n}=s.getBoundingClientRect(),{x:o,width:d}=this.getBoundingClientRect(),u=o+d,f=a+n,p=r.getPropertyValue("--media-tooltip-offset-x"),v=p?parseFloat(p.replace("px","")):0,h=r.getPropertyValue("--media-tooltip-container-margin"),A=h?parseFloat(h.replace("px","")):0,b=o-a+v-A,S=u-f+v+A;if(b<0){this.style.setProperty("--media-tooltip-offset-x",`${b}px`);return}if(S>0){this.style.setProperty("--media-tooltip-offset-x",`${S}px`);return}this.style.removeProperty("--media-tooltip-offset-x")},!this.shadowRoot){this.attachShadow(this.constructor.shadowRootOptions);let e=B(this.attributes);this.shadowRoot.innerHTML=this.constructor.getTemplateHTML(e)}if(this.arrowEl=this.shadowRoot.querySelector("#arrow"),Object.prototype.hasOwnProperty.call(this,"placement")){let e=this.placement;delete this.placement,this.placement=e}}static get observedAttributes(){return[ei.PLACEMENT,ei.BOUNDS]}get placement(){return x(this,ei.PLACEMENT)}set placement(e){C(this,ei.PLACEMENT,e)}get bounds(){return x(this,ei.BOUNDS)}set bounds(e){C(this,ei.BOUNDS,e)}};ti.shadowRootOptions={mode:"open"};ti.getTemplateHTML=Fd;c.customElements.get("media-tooltip")||c.customElements.define("media-tooltip",ti);var fa=ti;var _a=(i,e,t)=>{if(!e.has(i))throw TypeError("Cannot "+t)},q=(i,e,t)=>(_a(i,e,"read from private field"),t?t.call(i):e.get(i)),Tt=(i,e,t)=>{if(e.has(i))throw TypeError("Cannot add the same private member more than once");e instanceof WeakSet?e.add(i):e.set(i,t)},Nr=(i,e,t,r)=>(_a(i,e,"write to private field"),r?r.call(i,t):e.set(i,t),t),Qo=(i,e,t)=>(_a(i,e,"access private method"),t),De,ri,va,Yo,it,ii,Hr,ga,Xo,tt={TOOLTIP_PLACEMENT:"tooltipplacement",DISABLED:"disabled",NO_TOOLTIP:"notooltip"};function Vd(i,e={}){return`
    <style>
      :host {
        position: relative;
        font: var(--media-font,
          var(--media-font-weight, bold)
          var(--media-font-size, 14px) /
          var(--media-text-content-height, var(--media-control-height, 24px))
          var(--media-font-family, helvetica neue, segoe ui, roboto, arial, sans-serif));
        color: var(--media-text-color, var(--media-primary-color, rgb(238 238 238)));
        background: var(--media-control-background, var(--media-secondary-color, rgb(20 20 30 / .7)));
        padding: var(--media-button-padding, var(--media-control-padding, 10px));
        justify-content: var(--media-button-justify-content, center);
        display: inline-flex;
        align-items: center;
        vertical-align: middle;
        box-sizing: border-box;
        transition: background .15s linear;
        pointer-events: auto;
        cursor: var(--media-cursor, pointer);
        -webkit-tap-highlight-color: transparent;
      }

      
      :host(:focus-visible) {
        box-shadow: var(--media-focus-box-shadow, inset 0 0 0 2px rgb(27 127 204 / .9));
        outline: 0;
      }
      
      :host(:where(:focus)) {
        box-shadow: none;
        outline: 0;
      }

      :host(:hover) {
        background: var(--media-control-hover-background, rgba(50 50 70 / .7));
      }

      slot[name="icon"] {
        display: inline-flex;
        align-items: center;
      }

      svg, img, ::slotted(svg), ::slotted(img) {
        width: var(--media-button-icon-width);
        height: var(--media-button-icon-height, var(--media-control-height, 24px));
        transform: var(--media-button-icon-transform);
        transition: var(--media-button-icon-transition);
        fill: var(--media-icon-color, var(--media-primary-color, rgb(238 238 238)));
        vertical-align: middle;
        max-width: 100%;
        max-height: 100%;
        min-width: 100%;
      }

      media-tooltip {
        
        max-width: 0;
        overflow-x: clip;
        opacity: 0;
        transition: opacity .3s, max-width 0s 9s;
      }

      :host(:hover) media-tooltip,
      :host(:focus-visible) media-tooltip {
        max-width: 100vw;
        opacity: 1;
        transition: opacity .3s;
      }

      :host([notooltip]) slot[name="tooltip"] {
        display: none;
      }
    </style>

    ${this.getSlotTemplateHTML(i,e)}

    <slot name="tooltip">
      <media-tooltip part="tooltip" aria-hidden="true">
        <template shadowrootmode="${fa.shadowRootOptions.mode}">
          ${fa.getTemplateHTML({})}
        </template>
        <slot name="tooltip-content">
          ${this.getTooltipContentHTML(i)}
        </slot>
      </media-tooltip>
    </slot>
  `}function Wd(i,e){return`
    <slot></slot>
  `}function qd(){return""}var ae=class extends c.HTMLElement{constructor(){if(super(),Tt(this,va),Tt(this,ga),Tt(this,De,void 0),this.preventClick=!1,this.tooltipEl=null,Tt(this,ri,e=>{this.preventClick||this.handleClick(e),setTimeout(q(this,it),0)}),Tt(this,it,()=>{var e,t;(t=(e=this.tooltipEl)==null?void 0:e.updateXOffset)==null||t.call(e)}),Tt(this,ii,e=>{let{key:t}=e;if(!this.keysUsed.includes(t)){this.removeEventListener("keyup",q(this,ii));return}this.preventClick||this.handleClick(e)}),Tt(this,Hr,e=>{let{metaKey:t,altKey:r,key:s}=e;if(t||r||!this.keysUsed.includes(s)){this.removeEventListener("keyup",q(this,ii));return}this.addEventListener("keyup",q(this,ii),{once:!0})}),!this.shadowRoot){this.attachShadow(this.constructor.shadowRootOptions);let e=B(this.attributes),t=this.constructor.getTemplateHTML(e);this.shadowRoot.setHTMLUnsafe?this.shadowRoot.setHTMLUnsafe(t):this.shadowRoot.innerHTML=t}this.tooltipEl=this.shadowRoot.querySelector("media-tooltip")}static get observedAttributes(){return["disabled",tt.TOOLTIP_PLACEMENT,w.MEDIA_CONTROLLER,l.MEDIA_LANG]}enable(){this.addEventListener("click",q(this,ri)),this.addEventListener("keydown",q(this,Hr)),this.tabIndex=0}disable(){this.removeEventListener("click",q(this,ri)),this.removeEventListener("keydown",q(this,Hr)),this.removeEventListener("keyup",q(this,ii)),this.tabIndex=-1}attributeChangedCallback(e,t,r){var s,a,n,o,d;e===w.MEDIA_CONTROLLER?(t&&((a=(s=q(this,De))==null?void 0:s.unassociateElement)==null||a.call(s,this),Nr(this,De,null)),r&&this.isConnected&&(Nr(this,De,(n=this.getRootNode())==null?void 0:n.getElementById(r)),(d=(o=q(this,De))==null?void 0:o.associateElement)==null||d.call(o,this))):e==="disabled"&&r!==t?r==null?this.enable():this.disable():e===tt.TOOLTIP_PLACEMENT&&this.tooltipEl&&r!==t?this.tooltipEl.placement=r:e===l.MEDIA_LANG&&(this.shadowRoot.querySelector('slot[name="tooltip-content"]').innerHTML=this.constructor.getTooltipContentHTML()),Qo(this,va,Yo).call(this)&&q(this,it).call(this)}connectedCallback(){var e,t,r;let{style:s}=O(this.shadowRoot,":host");s.setProperty("display",`var(--media-control-display, var(--${this.localName}-display, inline-flex))`),this.hasAttribute("disabled")?this.disable():this.enable(),this.setAttribute("role","button");let a=this.getAttribute(w.MEDIA_CONTROLLER);a&&(Nr(this,De,(e=this.getRootNode())==null?void 0:e.getElementById(a)),(r=(t=q(this,De))==null?void 0:t.associateElement)==null||r.call(t,this)),c.customElements.whenDefined("media-tooltip").then(()=>Qo(this,ga,Xo).call(this))}disconnectedCallback(){var e,t;this.disable(),(t=(e=q(this,De))==null?void 0:e.unassociateElement)==null||t.call(e,this),Nr(this,De,null),this.removeEventListener("mouseenter",q(this,it)),this.removeEventListener("focus",q(this,it)),this.removeEventListener("click",q(this,ri))}get keysUsed(){return["Enter"," "]}get tooltipPlacement(){return x(this,tt.TOOLTIP_PLACEMENT)}set tooltipPlacement(e){C(this,tt.TOOLTIP_PLACEMENT,e)}get mediaController(){return x(this,w.MEDIA_CONTROLLER)}set mediaController(e){C(this,w.MEDIA_CONTROLLER,e)}get disabled(){return I(this,tt.DISABLED)}set disabled(e){M(this,tt.DISABLED,e)}get noTooltip(){return I(this,tt.NO_TOOLTIP)}set noTooltip(e){M(this,tt.NO_TOOLTIP,e)}handleClick(e){}};De=new WeakMap;ri=new WeakMap;va=new WeakSet;Yo=function(){try{return this.matches(":hover, :focus-visible")}catch{return this.matches(":hover, :focus")}};it=new WeakMap;ii=new WeakMap;Hr=new WeakMap;ga=new WeakSet;Xo=function(){this.addEventListener("mouseenter",q(this,it)),this.addEventListener("focus",q(this,it)),this.addEventListener("click",q(this,ri));let i=this.tooltipPlacement;i&&this.tooltipEl&&(this.tooltipEl.placement=i)};ae.shadowRootOptions={mode:"open"};ae.getTemplateHTML=Vd;ae.getSlotTemplateHTML=Wd;ae.getTooltipContentHTML=qd;c.customElements.get("media-chrome-button")||c.customElements.define("media-chrome-button",ae);var Kd=`<svg aria-hidden="true" viewBox="0 0 24 24">
  <path d="m6 21 15-9L6 3v18Z"/>
</svg>`,Gd=`<svg aria-hidden="true" viewBox="0 0 24 24">
  <path d="M6 20h4V4H6v16Zm8-16v16h4V4h-4Z"/>
</svg>`;function zd(i){return`
    <style>
      :host([${l.MEDIA_PAUSED}]) slot[name=pause],
      :host(:not([${l.MEDIA_PAUSED}])) slot[name=play] {
        display: none !important;
      }

      :host([${l.MEDIA_PAUSED}]) slot[name=tooltip-pause],
      :host(:not([${l.MEDIA_PAUSED}])) slot[name=tooltip-play] {
        display: none;
      }
    </style>

    <slot name="icon">
      <slot name="play">${Kd}</slot>
      <slot name="pause">${Gd}</slot>
    </slot>
  `}function Qd(){return`
    <slot name="tooltip-play">${L("Play")}</slot>
    <slot name="tooltip-pause">${L("Pause")}</slot>
  `}var jo=i=>{let e=i.mediaPaused?L("play"):L("pause");i.setAttribute("aria-label",e)},Fi=class extends ae{static get observedAttributes(){return[...super.observedAttributes,l.MEDIA_PAUSED,l.MEDIA_ENDED]}connectedCallback(){super.connectedCallback(),jo(this)}attributeChangedCallback(e,t,r){super.attributeChangedCallback(e,t,r),(e===l.MEDIA_PAUSED||e===l.MEDIA_LANG)&&jo(this)}get mediaPaused(){return I(this,l.MEDIA_PAUSED)}set mediaPaused(e){M(this,l.MEDIA_PAUSED,e)}handleClick(){let e=this.mediaPaused?E.MEDIA_PLAY_REQUEST:E.MEDIA_PAUSE_REQUEST;this.dispatchEvent(new c.CustomEvent(e,{composed:!0,bubbles:!0}))}};Fi.getSlotTemplateHTML=zd;Fi.getTooltipContentHTML=Qd;c.customElements.get("media-play-button")||c.customElements.define("media-play-button",Fi);var ka=(i,e,t)=>{if(!e.has(i))throw TypeError("Cannot "+t)},N=(i,e,t)=>(ka(i,e,"read from private field"),t?t.call(i):e.get(i)),re=(i,e,t)=>{if(e.has(i))throw TypeError("Cannot add the same private member more than once");e instanceof WeakSet?e.add(i):e.set(i,t)},rt=(i,e,t,r)=>(ka(i,e,"write to private field"),r?r.call(i,t):e.set(i,t),t),we=(i,e,t)=>(ka(i,e,"access private method"),t),Ue,Yr,Br,Fr,Ie,zr,Vr,Wr,qr,wa,Zo,Kr,Ea,Gr,ba,Qr,Ia,ya,Jo,Aa,el,Ta,tl,Sa,il;function Yd(i){return`
    <style>
      :host {
        --_focus-box-shadow: var(--media-focus-box-shadow, inset 0 0 0 2px rgb(27 127 204 / .9));
        --_media-range-padding: var(--media-range-padding, var(--media-control-padding, 10px));

        box-shadow: var(--_focus-visible-box-shadow, none);
        background: var(--media-control-background, var(--media-secondary-color, rgb(20 20 30 / .7)));
        height: calc(var(--media-control-height, 24px) + 2 * var(--_media-range-padding));
        display: inline-flex;
        align-items: center;
        
        vertical-align: middle;
        box-sizing: border-box;
        position: relative;
        width: 100px;
        transition: background .15s linear;
        cursor: var(--media-cursor, pointer);
        pointer-events: auto;
        touch-action: none; 
      }

      
      input[type=range]:focus {
        outline: 0;
      }
      input[type=range]:focus::-webkit-slider-runnable-track {
        outline: 0;
      }

      :host(:hover) {
        background: var(--media-control-hover-background, rgb(50 50 70 / .7));
      }

      #leftgap {
        padding-left: var(--media-range-padding-left, var(--_media-range-padding));
      }

      #rightgap {
        padding-right: var(--media-range-padding-right, var(--_media-range-padding));
      }

      #startpoint,
      #endpoint {
        position: absolute;
      }

      #endpoint {
        right: 0;
      }

      #container {
        
        width: var(--media-range-track-width, 100%);
        transform: translate(var(--media-range-track-translate-x, 0px), var(--media-range-track-translate-y, 0px));
        position: relative;
        height: 100%;
        display: flex;
        align-items: center;
        min-width: 40px;
      }

      #range {
        
        display: var(--media-time-range-hover-display, block);
        bottom: var(--media-time-range-hover-bottom, 0);
        height: var(--media-time-range-hover-height, max(100% , 25px));
        width: 100%;
        position: absolute;
        cursor: var(--media-cursor, pointer);

        -webkit-appearance: none; 
        -webkit-tap-highlight-color: transparent;
        background: transparent; 
        margin: 0;
        z-index: 1;
      }

      @media (hover: hover) {
        #range {
          bottom: var(--media-time-range-hover-bottom, 0);
          height: var(--media-time-range-hover-height, max(100%, 20px));
        }
      }

      
      
      #range::-webkit-slider-thumb {
        -webkit-appearance: none;
        background: transparent;
        width: .1px;
        height: .1px;
      }

      
      #range::-moz-range-thumb {
        background: transparent;
        border: transparent;
        width: .1px;
        height: .1px;
      }

      #appearance {
        height: var(--media-range-track-height, 4px);
        display: flex;
        flex-direction: column;
        justify-content: center;
        width: 100%;
        position: absolute;
        
        will-change: transform;
      }

      #track {
        background: var(--media-range-track-background, rgb(255 255 255 / .2));
        border-radius: var(--media-range-track-border-radius, 1px);
        border: var(--media-range-track-border, none);
        outline: var(--media-range-track-outline);
        outline-offset: var(--media-range-track-outline-offset);
        backdrop-filter: var(--media-range-track-backdrop-filter);
        -webkit-backdrop-filter: var(--media-range-track-backdrop-filter);
        box-shadow: var(--media-range-track-box-shadow, none);
        position: absolute;
        width: 100%;
        height: 100%;
        overflow: hidden;
      }

      #progress,
      #pointer {
        position: absolute;
        height: 100%;
        will-change: width;
      }

      #progress {
        background: var(--media-range-bar-color, var(--media-primary-color, rgb(238 238 238)));
        transition: var(--media-range-track-transition);
      }

      #pointer {
        background: var(--media-range-track-pointer-background);
        border-right: var(--media-range-track-pointer-border-right);
        transition: visibility .25s, opacity .25s;
        visibility: hidden;
        opacity: 0;
      }

      @media (hover: hover) {
        :host(:hover) #pointer {
          transition: visibility .5s, opacity .5s;
          visibility: visible;
          opacity: 1;
        }
      }

      #thumb,
      ::slotted([slot=thumb]) {
        width: var(--media-range-thumb-width, 10px);
        height: var(--media-range-thumb-height, 10px);
        transition: var(--media-range-thumb-transition);
        transform: var(--media-range-thumb-transform, none);
        opacity: var(--media-range-thumb-opacity, 1);
        translate: -50%;
        position: absolute;
        left: 0;
        cursor: var(--media-cursor, pointer);
      }

      #thumb {
        border-radius: var(--media-range-thumb-border-radius, 10px);
        background: var(--media-range-thumb-background, var(--media-primary-color, rgb(238 238 238)));
        box-shadow: var(--media-range-thumb-box-shadow, 1px 1px 1px transparent);
        border: var(--media-range-thumb-border, none);
      }

      :host([disabled]) #thumb {
        background-color: #777;
      }

      .segments #appearance {
        height: var(--media-range-segment-hover-height, 7px);
      }

      #track {
        clip-path: url(#segments-clipping);
      }

      #segments {
        --segments-gap: var(--media-range-segments-gap, 2px);
        position: absolute;
        width: 100%;
        height: 100%;
      }

      #segments-clipping {
        transform: translateX(calc(var(--segments-gap) / 2));
      }

      #segments-clipping:empty {
        display: none;
      }

      #segments-clipping rect {
        height: var(--media-range-track-height, 4px);
        y: calc((var(--media-range-segment-hover-height, 7px) - var(--media-range-track-height, 4px)) / 2);
        transition: var(--media-range-segment-transition, transform .1s ease-in-out);
        transform: var(--media-range-segment-transform, scaleY(1));
        transform-origin: center;
      }

      /* Visible label for accessibility - positioned off-screen but technically visible (Firefox requires visible labels) */
      #range-label {
        position: absolute;
        left: -10000px;
        background: var(--media-control-background, var(--media-secondary-color, rgb(20 20 30 / .7)));
        pointer-events: none;
      }
    </style>
    <div id="leftgap"></div>
    <div id="container">
      <div id="startpoint"></div>
      <div id="endpoint"></div>
      <div id="appearance">
        <div id="track" part="track">
          <div id="pointer"></div>
          <div id="progress" part="progress"></div>
        </div>
        <slot name="thumb">
          <div id="thumb" part="thumb"></div>
        </slot>
        <svg id="segments" aria-hidden="true"><clipPath id="segments-clipping"></clipPath></svg>
      </div>
        <input id="range" type="range" min="0" max="1" step="any" value="0">
        <label for="range" id="range-label"></label>

      ${this.getContainerTemplateHTML(i)}
    </div>
    <div id="rightgap"></div>
  `}function Xd(i){return""}var Oe=class extends c.HTMLElement{constructor(){if(super(),re(this,wa),re(this,Kr),re(this,Gr),re(this,Qr),re(this,ya),re(this,Aa),re(this,Ta),re(this,Sa),re(this,Ue,void 0),re(this,Yr,void 0),re(this,Br,void 0),re(this,Fr,void 0),re(this,Ie,{}),re(this,zr,[]),re(this,Vr,()=>{if(this.range.matches(":focus-visible")){let{style:e}=O(this.shadowRoot,":host");e.setProperty("--_focus-visible-box-shadow","var(--_focus-box-shadow)")}}),re(this,Wr,()=>{let{style:e}=O(this.shadowRoot,":host");e.removeProperty("--_focus-visible-box-shadow")}),re(this,qr,()=>{let e=this.shadowRoot.querySelector("#segments-clipping");e&&e.parentNode.append(e)}),!this.shadowRoot){this.attachShadow(this.constructor.shadowRootOptions);let e=B(this.attributes),t=this.constructor.getTemplateHTML(e);this.shadowRoot.setHTMLUnsafe?this.shadowRoot.setHTMLUnsafe(t):this.shadowRoot.innerHTML=t}this.container=this.shadowRoot.querySelector("#container"),rt(this,Br,this.shadowRoot.querySelector("#startpoint")),rt(this,Fr,this.shadowRoot.querySelector("#endpoint")),this.range=this.shadowRoot.querySelector("#range"),this.appearance=this.shadowRoot.querySelector("#appearance")}static get observedAttributes(){return["disabled","aria-disabled",w.MEDIA_CONTROLLER]}attributeChangedCallback(e,t,r){var s,a,n,o,d;e===w.MEDIA_CONTROLLER?(t&&((a=(s=N(this,Ue))==null?void 0:s.unassociateElement)==null||a.call(s,this),rt(this,Ue,null)),r&&this.isConnected&&(rt(this,Ue,(n=this.getRootNode())==null?void 0:n.getElementById(r)),(d=(o=N(this,Ue))==null?void 0:o.associateElement)==null||d.call(o,this))):(e==="disabled"||e==="aria-disabled"&&t!==r)&&(r==null?(this.range.removeAttribute(e),we(this,Kr,Ea).call(this)):(this.range.setAttribute(e,r),we(this,Gr,ba).call(this)))}connectedCallback(){var e,t,r;let{style:s}=O(this.shadowRoot,":host");s.setProperty("display",`var(--media-control-display, var(--${this.localName}-display, inline-flex))`),N(this,Ie).pointer=O(this.shadowRoot,"#pointer"),N(this,Ie).progress=O(this.shadowRoot,"#progress"),N(this,Ie).thumb=O(this.shadowRoot,'#thumb, ::slotted([slot="thumb"])'),N(this,Ie).activeSegment=O(this.shadowRoot,"#segments-clipping rect:nth-child(0)");let a=this.getAttribute(w.MEDIA_CONTROLLER);a&&(rt(this,Ue,(e=this.getRootNode())==null?void 0:e.getElementById(a)),(r=(t=N(this,Ue))==null?void 0:t.associateElement)==null||r.call(t,this)),this.updateBar(),this.shadowRoot.addEventListener("focusin",N(this,Vr)),this.shadowRoot.addEventListener("focusout",N(this,Wr)),we(this,Kr,Ea).call(this),Ht(this.container,N(this,qr))}disconnectedCallback(){var e,t;we(this,Gr,ba).call(this),(t=(e=N(this,Ue))==null?void 0:e.unassociateElement)==null||t.call(e,this),rt(this,Ue,null),this.shadowRoot.removeEventListener("focusin",N(this,Vr)),this.shadowRoot.removeEventListener("focusout",N(this,Wr)),Bt(this.container,N(this,qr))}updatePointerBar(e){var t;(t=N(this,Ie).pointer)==null||t.style.setProperty("width",`${this.getPointerRatio(e)*100}%`)}updateBar(){var e,t;let r=this.range.valueAsNumber*100;(e=N(this,Ie).progress)==null||e.style.setProperty("width",`${r}%`),(t=N(this,Ie).thumb)==null||t.style.setProperty("left",`${r}%`)}updateSegments(e){let t=this.shadowRoot.querySelector("#segments-clipping");if(t.textContent="",this.container.classList.toggle("segments",!!e?.length),!e?.length)return;let r=[...new Set([+this.range.min,...e.flatMap(a=>[a.start,a.end]),+this.range.max])];rt(this,zr,[...r]);let s=r.pop();for(let[a,n]of r.entries()){let[o,d]=[a===0,a===r.length-1],u=o?"calc(var(--segments-gap) / -1)":`${n*100}%`,p=`calc(${((d?s:r[a+1])-n)*100}%${o||d?"":" - var(--segments-gap)"})`,v=H.createElementNS("http://www.w3.org/2000/svg","rect"),h=Mi(this.shadowRoot,`#segments-clipping rect:nth-child(${a+1})`);h.style.setProperty("x",u),h.style.setProperty("width",p),t.append(v)}}getPointerRatio(e){return oo(e.clientX,e.clientY,N(this,Br).getBoundingClientRect(),N(this,Fr).getBoundingClientRect())}get dragging(){return this.hasAttribute("dragging")}handleEvent(e){switch(e.type){case"pointermove":we(this,Sa,il).call(this,e);break;case"input":this.updateBar();break;case"pointerenter":we(this,ya,Jo).call(this,e);break;case"pointerdown":we(this,Qr,Ia).call(this,e);break;case"pointerup":we(this,Aa,el).call(this);break;case"pointerleave":we(this,Ta,tl).call(this);break}}get keysUsed(){return["ArrowUp","ArrowRight","ArrowDown","ArrowLeft"]}};Ue=new WeakMap;Yr=new WeakMap;Br=new WeakMap;Fr=new WeakMap;Ie=new WeakMap;zr=new WeakMap;Vr=new WeakMap;Wr=new WeakMap;qr=new WeakMap;wa=new WeakSet;Zo=function(i){let e=N(this,Ie).activeSegment;if(!e)return;let t=this.getPointerRatio(i),s=`#segments-clipping rect:nth-child(${N(this,zr).findIndex((a,n,o)=>{let d=o[n+1];return d!=null&&t>=a&&t<=d})+1})`;(e.selectorText!=s||!e.style.transform)&&(e.selectorText=s,e.style.setProperty("transform","var(--media-range-segment-hover-transform, scaleY(2))"))};Kr=new WeakSet;Ea=function(){this.hasAttribute("disabled")||!this.isConnected||(this.addEventListener("input",this),this.addEventListener("pointerdown",this),this.addEventListener("pointerenter",this))};Gr=new WeakSet;ba=function(){var i,e;this.removeEventListener("input",this),this.removeEventListener("pointerdown",this),this.removeEventListener("pointerenter",this),this.removeEventListener("pointerleave",this),(i=c.window)==null||i.removeEventListener("pointerup",this),(e=c.window)==null||e.removeEventListener("pointermove",this)};Qr=new WeakSet;Ia=function(i){var e;rt(this,Yr,i.composedPath().includes(this.range)),(e=c.window)==null||e.addEventListener("pointerup",this,{once:!0})};ya=new WeakSet;Jo=function(i){var e;i.pointerType!=="mouse"&&we(this,Qr,Ia).call(this,i),this.addEventListener("pointerleave",this,{once:!0}),(e=c.window)==null||e.addEventListener("pointermove",this)};Aa=new WeakSet;el=function(){var i;(i=c.window)==null||i.removeEventListener("pointerup",this),this.toggleAttribute("dragging",!1),this.range.disabled=this.hasAttribute("disabled")};Ta=new WeakSet;tl=function(){var i,e;this.removeEventListener("pointerleave",this),(i=c.window)==null||i.removeEventListener("pointermove",this),this.toggleAttribute("dragging",!1),this.range.disabled=this.hasAttribute("disabled"),(e=N(this,Ie).activeSegment)==null||e.style.removeProperty("transform")};Sa=new WeakSet;il=function(i){i.pointerType==="pen"&&i.buttons===0||(this.toggleAttribute("dragging",i.buttons===1||i.pointerType!=="mouse"),this.updatePointerBar(i),we(this,wa,Zo).call(this,i),this.dragging&&(i.pointerType!=="mouse"||!N(this,Yr))&&(this.range.disabled=!0,this.range.valueAsNumber=this.getPointerRatio(i),this.range.dispatchEvent(new Event("input",{bubbles:!0,composed:!0}))))};Oe.shadowRootOptions={mode:"open"};Oe.getTemplateHTML=Yd;Oe.getContainerTemplateHTML=Xd;c.customElements.get("media-chrome-range")||c.customElements.define("media-chrome-range",Oe);var rl=(i,e,t)=>{if(!e.has(i))throw TypeError("Cannot "+t)},Xr=(i,e,t)=>(rl(i,e,"read from private field"),t?t.call(i):e.get(i)),jd=(i,e,t)=>{if(e.has(i))throw TypeError("Cannot add the same private member more than once");e instanceof WeakSet?e.add(i):e.set(i,t)},jr=(i,e,t,r)=>(rl(i,e,"write to private field"),r?r.call(i,t):e.set(i,t),t),Pe;function Zd(i){return`
    <style>
      :host {
        box-sizing: border-box;
        display: var(--media-control-display, var(--media-preview-thumbnail-display, inline-block));
        overflow: hidden;
      }

      img {
        display: none;
        position: relative;
      }
    </style>
    <img crossorigin loading="eager" decoding="async">
  `}var si=class extends c.HTMLElement{constructor(){if(super(),jd(this,Pe,void 0),!this.shadowRoot){this.attachShadow(this.constructor.shadowRootOptions);let e=B(this.attributes);this.shadowRoot.innerHTML=this.constructor.getTemplateHTML(e)}}static get observedAttributes(){return[w.MEDIA_CONTROLLER,l.MEDIA_PREVIEW_IMAGE,l.MEDIA_PREVIEW_COORDS]}connectedCallback(){var e,t,r;let s=this.getAttribute(w.MEDIA_CONTROLLER);s&&(jr(this,Pe,(e=this.getRootNode())==null?void 0:e.getElementById(s)),(r=(t=Xr(this,Pe))==null?void 0:t.associateElement)==null||r.call(t,this))}disconnectedCallback(){var e,t;(t=(e=Xr(this,Pe))==null?void 0:e.unassociateElement)==null||t.call(e,this),jr(this,Pe,null)}attributeChangedCallback(e,t,r){var s,a,n,o,d;[l.MEDIA_PREVIEW_IMAGE,l.MEDIA_PREVIEW_COORDS].includes(e)&&this.update(),e===w.MEDIA_CONTROLLER&&(t&&((a=(s=Xr(this,Pe))==null?void 0:s.unassociateElement)==null||a.call(s,this),jr(this,Pe,null)),r&&this.isConnected&&(jr(this,Pe,(n=this.getRootNode())==null?void 0:n.getElementById(r)),(d=(o=Xr(this,Pe))==null?void 0:o.associateElement)==null||d.call(o,this)))}get mediaPreviewImage(){return x(this,l.MEDIA_PREVIEW_IMAGE)}set mediaPreviewImage(e){C(this,l.MEDIA_PREVIEW_IMAGE,e)}get mediaPreviewCoords(){let e=this.getAttribute(l.MEDIA_PREVIEW_COORDS);if(e)return e.split(/\s+/).map(t=>+t)}set mediaPreviewCoords(e){if(!e){this.removeAttribute(l.MEDIA_PREVIEW_COORDS);return}this.setAttribute(l.MEDIA_PREVIEW_COORDS,e.join(" "))}update(){let e=this.mediaPreviewCoords,t=this.mediaPreviewImage;if(!(e&&t))return;let[r,s,a,n]=e,o=t.split("#")[0],d=getComputedStyle(this),{maxWidth:u,maxHeight:f,minWidth:p,minHeight:v}=d,h=d.getPropertyValue("--media-preview-thumbnail-object-fit").trim()||"contain",A,b;if(h==="fill"){let G=parseInt(u)/a,Y=parseInt(f)/n,Ve=parseInt(p)/a,dt=parseInt(v)/n;A=G<1?G:Math.max(G,Ve),b=Y<1?Y:Math.max(Y,dt)}else{let G=Math.min(parseInt(u)/a,parseInt(f)/n),Y=Math.max(parseInt(p)/a,parseInt(v)/n),dt=G<1?G:Y>1?Y:1;A=dt,b=dt}let{style:S}=O(this.shadowRoot,":host"),T=O(this.shadowRoot,"img").style,Q=this.shadowRoot.querySelector("img"),lt=Math.min(A,b)<1?"min":"max";S.setProperty(`${lt}-width`,"initial","important"),S.setProperty(`${lt}-height`,"initial","important"),S.width=`${a*A}px`,S.height=`${n*b}px`;let K=()=>{T.width=`${this.imgWidth*A}px`,T.height=`${this.imgHeight*b}px`,T.display="block"};Q.src!==o&&(Q.onload=()=>{this.imgWidth=Q.naturalWidth,this.imgHeight=Q.naturalHeight,K(),Q.onload=null},Q.src=o,K()),K(),T.transform=`translate(-${r*A}px, -${s*b}px)`}};Pe=new WeakMap;si.shadowRootOptions={mode:"open"};si.getTemplateHTML=Zd;c.customElements.get("media-preview-thumbnail")||c.customElements.define("media-preview-thumbnail",si);var Ma=si;var sl=(i,e,t)=>{if(!e.has(i))throw TypeError("Cannot "+t)},Zr=(i,e,t)=>(sl(i,e,"read from private field"),t?t.call(i):e.get(i)),Jd=(i,e,t)=>{if(e.has(i))throw TypeError("Cannot add the same private member more than once");e instanceof WeakSet?e.add(i):e.set(i,t)},Jr=(i,e,t,r)=>(sl(i,e,"write to private field"),r?r.call(i,t):e.set(i,t),t),$e;function ec(i,e={}){return`
    <style>
      :host {
        font: var(--media-font,
          var(--media-font-weight, normal)
          var(--media-font-size, 14px) /
          var(--media-text-content-height, var(--media-control-height, 24px))
          var(--media-font-family, helvetica neue, segoe ui, roboto, arial, sans-serif));
        color: var(--media-text-color, var(--media-primary-color, rgb(238 238 238)));
        background: var(--media-text-background, var(--media-control-background, var(--media-secondary-color, rgb(20 20 30 / .7))));
        padding: var(--media-control-padding, 10px);
        display: inline-flex;
        justify-content: center;
        align-items: center;
        vertical-align: middle;
        box-sizing: border-box;
        text-align: center;
        pointer-events: auto;
      }

      
      :host(:focus-visible) {
        box-shadow: var(--media-focus-box-shadow, inset 0 0 0 2px rgb(27 127 204 / .9));
        outline: 0;
      }

      
      :host(:where(:focus)) {
        box-shadow: none;
        outline: 0;
      }
    </style>

    ${this.getSlotTemplateHTML(i,e)}
  `}function tc(i,e){return`
    <slot></slot>
  `}var ge=class extends c.HTMLElement{constructor(){if(super(),Jd(this,$e,void 0),!this.shadowRoot){this.attachShadow(this.constructor.shadowRootOptions);let e=B(this.attributes);this.shadowRoot.innerHTML=this.constructor.getTemplateHTML(e)}}static get observedAttributes(){return[w.MEDIA_CONTROLLER]}attributeChangedCallback(e,t,r){var s,a,n,o,d;e===w.MEDIA_CONTROLLER&&(t&&((a=(s=Zr(this,$e))==null?void 0:s.unassociateElement)==null||a.call(s,this),Jr(this,$e,null)),r&&this.isConnected&&(Jr(this,$e,(n=this.getRootNode())==null?void 0:n.getElementById(r)),(d=(o=Zr(this,$e))==null?void 0:o.associateElement)==null||d.call(o,this)))}connectedCallback(){var e,t,r;let{style:s}=O(this.shadowRoot,":host");s.setProperty("display",`var(--media-control-display, var(--${this.localName}-display, inline-flex))`);let a=this.getAttribute(w.MEDIA_CONTROLLER);a&&(Jr(this,$e,(e=this.getRootNode())==null?void 0:e.getElementById(a)),(r=(t=Zr(this,$e))==null?void 0:t.associateElement)==null||r.call(t,this))}disconnectedCallback(){var e,t;(t=(e=Zr(this,$e))==null?void 0:e.unassociateElement)==null||t.call(e,this),Jr(this,$e,null)}};$e=new WeakMap;ge.shadowRootOptions={mode:"open"};ge.getTemplateHTML=ec;ge.getSlotTemplateHTML=tc;c.customElements.get("media-text-display")||c.customElements.define("media-text-display",ge);var al=[{singular:"hour",plural:"hours"},{singular:"minute",plural:"minutes"},{singular:"second",plural:"seconds"}],nl=(i,e)=>{let t=i===1?L(al[e].singular):L(al[e].plural);return`${i} ${t}`},St=i=>{if(!jt(i))return"";let e=Math.abs(i),t=e!==i,r=new Date(0,0,0,0,0,e,0),a=[r.getHours(),r.getMinutes(),r.getSeconds()].map((n,o)=>n&&nl(n,o)).filter(n=>n).join(", ");return t?L("{time} remaining",{time:a}):e===0?nl(0,2):a};function kt(i,e){let t=!1;i<0&&(t=!0,i=0-i),i=i<0?0:i;let r=Math.floor(i%60),s=Math.floor(i/60%60),a=Math.floor(i/3600),n=Math.floor(e/60%60),o=Math.floor(e/3600);return(isNaN(i)||i===1/0)&&(a=s=r="0"),a=a>0||o>0?a+":":"",s=((a||n>=10)&&s<10?"0"+s:s)+":",r=r<10?"0"+r:r,(t?"-":"")+a+s+r}var pp=Object.freeze({length:0,start(i){let e=i>>>0;if(e>=this.length)throw new DOMException(`Failed to execute 'start' on 'TimeRanges': The index provided (${e}) is greater than or equal to the maximum bound (${this.length}).`);return 0},end(i){let e=i>>>0;if(e>=this.length)throw new DOMException(`Failed to execute 'end' on 'TimeRanges': The index provided (${e}) is greater than or equal to the maximum bound (${this.length}).`);return 0}});var ll=(i,e,t)=>{if(!e.has(i))throw TypeError("Cannot "+t)},ol=(i,e,t)=>(ll(i,e,"read from private field"),t?t.call(i):e.get(i)),ic=(i,e,t)=>{if(e.has(i))throw TypeError("Cannot add the same private member more than once");e instanceof WeakSet?e.add(i):e.set(i,t)},rc=(i,e,t,r)=>(ll(i,e,"write to private field"),r?r.call(i,t):e.set(i,t),t),Vi,La=class extends ge{constructor(){super(),ic(this,Vi,void 0),rc(this,Vi,this.shadowRoot.querySelector("slot")),ol(this,Vi).textContent=kt(0)}static get observedAttributes(){return[...super.observedAttributes,l.MEDIA_PREVIEW_TIME]}attributeChangedCallback(e,t,r){super.attributeChangedCallback(e,t,r),e===l.MEDIA_PREVIEW_TIME&&r!=null&&(ol(this,Vi).textContent=kt(parseFloat(r)))}get mediaPreviewTime(){return j(this,l.MEDIA_PREVIEW_TIME)}set mediaPreviewTime(e){Z(this,l.MEDIA_PREVIEW_TIME,e)}};Vi=new WeakMap;c.customElements.get("media-preview-time-display")||c.customElements.define("media-preview-time-display",La);var dl=(i,e,t)=>{if(!e.has(i))throw TypeError("Cannot "+t)},sc=(i,e,t)=>(dl(i,e,"read from private field"),t?t.call(i):e.get(i)),ac=(i,e,t)=>{if(e.has(i))throw TypeError("Cannot add the same private member more than once");e instanceof WeakSet?e.add(i):e.set(i,t)},nc=(i,e,t,r)=>(dl(i,e,"write to private field"),r?r.call(i,t):e.set(i,t),t),es,Ra=class extends ge{constructor(){super(),ac(this,es,void 0),nc(this,es,this.shadowRoot.querySelector("slot"))}static get observedAttributes(){return[...super.observedAttributes,l.MEDIA_PREVIEW_CHAPTER,l.MEDIA_LANG]}attributeChangedCallback(e,t,r){if(super.attributeChangedCallback(e,t,r),(e===l.MEDIA_PREVIEW_CHAPTER||e===l.MEDIA_LANG)&&r!==t&&r!=null)if(sc(this,es).textContent=r,r!==""){let s=L("chapter: {chapterName}",{chapterName:r});this.setAttribute("aria-valuetext",s)}else this.removeAttribute("aria-valuetext")}get mediaPreviewChapter(){return x(this,l.MEDIA_PREVIEW_CHAPTER)}set mediaPreviewChapter(e){C(this,l.MEDIA_PREVIEW_CHAPTER,e)}};es=new WeakMap;c.customElements.get("media-preview-chapter-display")||c.customElements.define("media-preview-chapter-display",Ra);var cl=(i,e,t)=>{if(!e.has(i))throw TypeError("Cannot "+t)},ee=(i,e,t)=>(cl(i,e,"read from private field"),t?t.call(i):e.get(i)),Ne=(i,e,t)=>{if(e.has(i))throw TypeError("Cannot add the same private member more than once");e instanceof WeakSet?e.add(i):e.set(i,t)},fe=(i,e,t,r)=>(cl(i,e,"write to private field"),r?r.call(i,t):e.set(i,t),t),oc=(i,e,t,r)=>({set _(s){fe(i,e,s,t)},get _(){return ee(i,e,r)}}),ai,ts,ni,Wi,is,rs,ss,oi,wt,as,ns=class{constructor(e,t,r){Ne(this,ai,void 0),Ne(this,ts,void 0),Ne(this,ni,void 0),Ne(this,Wi,void 0),Ne(this,is,void 0),Ne(this,rs,void 0),Ne(this,ss,void 0),Ne(this,oi,void 0),Ne(this,wt,0),Ne(this,as,(s=performance.now())=>{fe(this,wt,requestAnimationFrame(ee(this,as))),fe(this,Wi,performance.now()-ee(this,ni));let a=1e3/this.fps;if(ee(this,Wi)>a){fe(this,ni,s-ee(this,Wi)%a);let n=1e3/((s-ee(this,ts))/++oc(this,is)._),o=(s-ee(this,rs))/1e3/this.duration,d=ee(this,ss)+o*this.playbackRate;d-ee(this,ai).valueAsNumber>0?fe(this,oi,this.playbackRate/this.duration/n):(fe(this,oi,.995*ee(this,oi)),d=ee(this,ai).valueAsNumber+ee(this,oi)),this.callback(d)}}),fe(this,ai,e),this.callback=t,this.fps=r}start(){ee(this,wt)===0&&(fe(this,ni,performance.now()),fe(this,ts,ee(this,ni)),fe(this,is,0),ee(this,as).call(this))}stop(){ee(this,wt)!==0&&(cancelAnimationFrame(ee(this,wt)),fe(this,wt,0))}update({start:e,duration:t,playbackRate:r}){let s=e-ee(this,ai).valueAsNumber,a=Math.abs(t-this.duration);(s>0||s<-.5/t||a>=.5)&&this.callback(e),fe(this,ss,e),fe(this,rs,performance.now()),this.duration=t,this.playbackRate=r}};ai=new WeakMap;ts=new WeakMap;ni=new WeakMap;Wi=new WeakMap;is=new WeakMap;rs=new WeakMap;ss=new WeakMap;oi=new WeakMap;wt=new WeakMap;as=new WeakMap;var Oa=(i,e,t)=>{if(!e.has(i))throw TypeError("Cannot "+t)},P=(i,e,t)=>(Oa(i,e,"read from private field"),t?t.call(i):e.get(i)),z=(i,e,t)=>{if(e.has(i))throw TypeError("Cannot add the same private member more than once");e instanceof WeakSet?e.add(i):e.set(i,t)},_e=(i,e,t,r)=>(Oa(i,e,"write to private field"),r?r.call(i,t):e.set(i,t),t),Ee=(i,e,t)=>(Oa(i,e,"access private method"),t),li,st,ds,Ki,cs,ls,Gi,zi,di,ci,qi,Ca,ul,xa,us,Pa,hs,$a,ps,Na,Da,hl,Qi,ms,Ua,pl,lc=i=>{let e=i.range,t=St(+ml(i)),r=St(+i.mediaSeekableEnd),s=t&&r?L("{currentTime} of {totalTime}",{currentTime:t,totalTime:r}):L("video not loaded, unknown time.");e.setAttribute("aria-valuetext",s)};function dc(i){return`
    <style>
      :host {
        --media-box-border-radius: 4px;
        --media-box-padding-left: 10px;
        --media-box-padding-right: 10px;
        --media-preview-border-radius: var(--media-box-border-radius);
        --media-box-arrow-offset: var(--media-box-border-radius);
        --_control-background: var(--media-control-background, var(--media-secondary-color, rgb(20 20 30 / .7)));
        --_preview-background: var(--media-preview-background, var(--_control-background));

        
        contain: layout;
      }

      #buffered {
        background: var(--media-time-range-buffered-color, rgb(255 255 255 / .4));
        position: absolute;
        height: 100%;
        will-change: width;
      }

      #preview-rail,
      #current-rail {
        width: 100%;
        position: absolute;
        left: 0;
        bottom: 100%;
        pointer-events: none;
        will-change: transform;
      }

      [part~="box"] {
        width: min-content;
        
        position: absolute;
        bottom: 100%;
        flex-direction: column;
        align-items: center;
        transform: translateX(-50%);
      }

      [part~="current-box"] {
        display: var(--media-current-box-display, var(--media-box-display, flex));
        margin: var(--media-current-box-margin, var(--media-box-margin, 0 0 5px));
        visibility: hidden;
      }

      [part~="preview-box"] {
        display: var(--media-preview-box-display, var(--media-box-display, flex));
        margin: var(--media-preview-box-margin, var(--media-box-margin, 0 0 5px));
        transition-property: var(--media-preview-transition-property, visibility, opacity);
        transition-duration: var(--media-preview-transition-duration-out, .25s);
        transition-delay: var(--media-preview-transition-delay-out, 0s);
        visibility: hidden;
        opacity: 0;
      }

      :host(:is([${l.MEDIA_PREVIEW_IMAGE}], [${l.MEDIA_PREVIEW_TIME}])[dragging]) [part~="preview-box"] {
        transition-duration: var(--media-preview-transition-duration-in, .5s);
        transition-delay: var(--media-preview-transition-delay-in, .25s);
        visibility: visible;
        opacity: 1;
      }

      @media (hover: hover) {
        :host(:is([${l.MEDIA_PREVIEW_IMAGE}], [${l.MEDIA_PREVIEW_TIME}]):hover) [part~="preview-box"] {
          transition-duration: var(--media-preview-transition-duration-in, .5s);
          transition-delay: var(--media-preview-transition-delay-in, .25s);
          visibility: visible;
          opacity: 1;
        }
      }

      media-preview-thumbnail,
      ::slotted(media-preview-thumbnail) {
        visibility: hidden;
        
        transition: visibility 0s .25s;
        transition-delay: calc(var(--media-preview-transition-delay-out, 0s) + var(--media-preview-transition-duration-out, .25s));
        background: var(--media-preview-thumbnail-background, var(--_preview-background));
        box-shadow: var(--media-preview-thumbnail-box-shadow, 0 0 4px rgb(0 0 0 / .2));
        max-width: var(--media-preview-thumbnail-max-width, 180px);
        max-height: var(--media-preview-thumbnail-max-height, 160px);
        min-width: var(--media-preview-thumbnail-min-width, 120px);
        min-height: var(--media-preview-thumbnail-min-height, 80px);
        border: var(--media-preview-thumbnail-border);
        border-radius: var(--media-preview-thumbnail-border-radius,
          var(--media-preview-border-radius) var(--media-preview-border-radius) 0 0);
      }

      :host([${l.MEDIA_PREVIEW_IMAGE}][dragging]) media-preview-thumbnail,
      :host([${l.MEDIA_PREVIEW_IMAGE}][dragging]) ::slotted(media-preview-thumbnail) {
        transition-delay: var(--media-preview-transition-delay-in, .25s);
        visibility: visible;
      }

      @media (hover: hover) {
        :host([${l.MEDIA_PREVIEW_IMAGE}]:hover) media-preview-thumbnail,
        :host([${l.MEDIA_PREVIEW_IMAGE}]:hover) ::slotted(media-preview-thumbnail) {
          transition-delay: var(--media-preview-transition-delay-in, .25s);
          visibility: visible;
        }

        :host([${l.MEDIA_PREVIEW_TIME}]:hover) {
          --media-time-range-hover-display: block;
        }
      }

      media-preview-chapter-display,
      ::slotted(media-preview-chapter-display) {
        font-size: var(--media-font-size, 13px);
        line-height: 17px;
        min-width: 0;
        visibility: hidden;
        
        transition: min-width 0s, border-radius 0s, margin 0s, padding 0s, visibility 0s;
        transition-delay: calc(var(--media-preview-transition-delay-out, 0s) + var(--media-preview-transition-duration-out, .25s));
        background: var(--media-preview-chapter-background, var(--_preview-background));
        border-radius: var(--media-preview-chapter-border-radius,
          var(--media-preview-border-radius) var(--media-preview-border-radius)
          var(--media-preview-border-radius) var(--media-preview-border-radius));
        padding: var(--media-preview-chapter-padding, 3.5px 9px);
        margin: var(--media-preview-chapter-margin, 0 0 5px);
        text-shadow: var(--media-preview-chapter-text-shadow, 0 0 4px rgb(0 0 0 / .75));
      }

      :host([${l.MEDIA_PREVIEW_IMAGE}]) media-preview-chapter-display,
      :host([${l.MEDIA_PREVIEW_IMAGE}]) ::slotted(media-preview-chapter-display) {
        transition-delay: var(--media-preview-transition-delay-in, .25s);
        border-radius: var(--media-preview-chapter-border-radius, 0);
        padding: var(--media-preview-chapter-padding, 3.5px 9px 0);
        margin: var(--media-preview-chapter-margin, 0);
        min-width: 100%;
      }

      media-preview-chapter-display[${l.MEDIA_PREVIEW_CHAPTER}],
      ::slotted(media-preview-chapter-display[${l.MEDIA_PREVIEW_CHAPTER}]) {
        visibility: visible;
      }

      media-preview-chapter-display:not([aria-valuetext]),
      ::slotted(media-preview-chapter-display:not([aria-valuetext])) {
        display: none;
      }

      media-preview-time-display,
      ::slotted(media-preview-time-display),
      media-time-display,
      ::slotted(media-time-display) {
        font-size: var(--media-font-size, 13px);
        line-height: 17px;
        min-width: 0;
        
        transition: min-width 0s, border-radius 0s;
        transition-delay: calc(var(--media-preview-transition-delay-out, 0s) + var(--media-preview-transition-duration-out, .25s));
        background: var(--media-preview-time-background, var(--_preview-background));
        border-radius: var(--media-preview-time-border-radius,
          var(--media-preview-border-radius) var(--media-preview-border-radius)
          var(--media-preview-border-radius) var(--media-preview-border-radius));
        padding: var(--media-preview-time-padding, 3.5px 9px);
        margin: var(--media-preview-time-margin, 0);
        text-shadow: var(--media-preview-time-text-shadow, 0 0 4px rgb(0 0 0 / .75));
        transform: translateX(min(
          max(calc(50% - var(--_box-width) / 2),
          calc(var(--_box-shift, 0))),
          calc(var(--_box-width) / 2 - 50%)
        ));
      }

      :host([${l.MEDIA_PREVIEW_IMAGE}]) media-preview-time-display,
      :host([${l.MEDIA_PREVIEW_IMAGE}]) ::slotted(media-preview-time-display) {
        transition-delay: var(--media-preview-transition-delay-in, .25s);
        border-radius: var(--media-preview-time-border-radius,
          0 0 var(--media-preview-border-radius) var(--media-preview-border-radius));
        min-width: 100%;
      }

      :host([${l.MEDIA_PREVIEW_TIME}]:hover) {
        --media-time-range-hover-display: block;
      }

      [part~="arrow"],
      ::slotted([part~="arrow"]) {
        display: var(--media-box-arrow-display, inline-block);
        transform: translateX(min(
          max(calc(50% - var(--_box-width) / 2 + var(--media-box-arrow-offset)),
          calc(var(--_box-shift, 0))),
          calc(var(--_box-width) / 2 - 50% - var(--media-box-arrow-offset))
        ));
        
        border-color: transparent;
        border-top-color: var(--media-box-arrow-background, var(--_control-background));
        border-width: var(--media-box-arrow-border-width,
          var(--media-box-arrow-height, 5px) var(--media-box-arrow-width, 6px) 0);
        border-style: solid;
        justify-content: center;
        height: 0;
      }
    </style>
    <div id="preview-rail">
      <slot name="preview" part="box preview-box">
        <media-preview-thumbnail>
          <template shadowrootmode="${Ma.shadowRootOptions.mode}">
            ${Ma.getTemplateHTML({})}
          </template>
        </media-preview-thumbnail>
        <media-preview-chapter-display></media-preview-chapter-display>
        <media-preview-time-display></media-preview-time-display>
        <slot name="preview-arrow"><div part="arrow"></div></slot>
      </slot>
    </div>
    <div id="current-rail">
      <slot name="current" part="box current-box">
        
      </slot>
    </div>
  `}var os=(i,e=i.mediaCurrentTime)=>{let t=Number.isFinite(i.mediaSeekableStart)?i.mediaSeekableStart:0,r=Number.isFinite(i.mediaDuration)?i.mediaDuration:i.mediaSeekableEnd;if(Number.isNaN(r))return 0;let s=(e-t)/(r-t);return Math.max(0,Math.min(s,1))},ml=(i,e=i.range.valueAsNumber)=>{let t=Number.isFinite(i.mediaSeekableStart)?i.mediaSeekableStart:0,r=Number.isFinite(i.mediaDuration)?i.mediaDuration:i.mediaSeekableEnd;return Number.isNaN(r)?0:e*(r-t)+t},Yi=class extends Oe{constructor(){super(),z(this,Ca),z(this,us),z(this,hs),z(this,ps),z(this,Da),z(this,Qi),z(this,Ua),z(this,li,null),z(this,st,void 0),z(this,ds,void 0),z(this,Ki,void 0),z(this,cs,void 0),z(this,ls,void 0),z(this,Gi,void 0),z(this,zi,void 0),z(this,di,void 0),z(this,ci,void 0),z(this,qi,()=>{Ee(this,Ca,ul).call(this)?P(this,st).start():P(this,st).stop()}),z(this,xa,r=>{this.dragging||(jt(r)&&(this.range.valueAsNumber=r),P(this,ci)||this.updateBar())}),this.shadowRoot.querySelector("#track").insertAdjacentHTML("afterbegin",'<div id="buffered" part="buffered"></div>'),_e(this,ds,this.shadowRoot.querySelectorAll('[part~="box"]')),_e(this,cs,this.shadowRoot.querySelector('[part~="preview-box"]')),_e(this,ls,this.shadowRoot.querySelector('[part~="current-box"]'));let t=getComputedStyle(this);_e(this,Gi,parseInt(t.getPropertyValue("--media-box-padding-left"))),_e(this,zi,parseInt(t.getPropertyValue("--media-box-padding-right"))),_e(this,st,new ns(this.range,P(this,xa),60))}static get observedAttributes(){return[...super.observedAttributes,l.MEDIA_PAUSED,l.MEDIA_DURATION,l.MEDIA_SEEKABLE,l.MEDIA_CURRENT_TIME,l.MEDIA_PREVIEW_IMAGE,l.MEDIA_PREVIEW_TIME,l.MEDIA_PREVIEW_CHAPTER,l.MEDIA_BUFFERED,l.MEDIA_PLAYBACK_RATE,l.MEDIA_LOADING,l.MEDIA_ENDED]}connectedCallback(){var e;super.connectedCallback(),this.range.setAttribute("aria-label",L("seek")),P(this,qi).call(this),_e(this,li,this.getRootNode()),(e=P(this,li))==null||e.addEventListener("transitionstart",this)}disconnectedCallback(){var e;super.disconnectedCallback(),P(this,st).stop(),(e=P(this,li))==null||e.removeEventListener("transitionstart",this),_e(this,li,null)}attributeChangedCallback(e,t,r){super.attributeChangedCallback(e,t,r),t!=r&&(e===l.MEDIA_CURRENT_TIME||e===l.MEDIA_PAUSED||e===l.MEDIA_ENDED||e===l.MEDIA_LOADING||e===l.MEDIA_DURATION||e===l.MEDIA_SEEKABLE?(P(this,st).update({start:os(this),duration:this.mediaSeekableEnd-this.mediaSeekableStart,playbackRate:this.mediaPlaybackRate}),P(this,qi).call(this),lc(this)):e===l.MEDIA_BUFFERED&&this.updateBufferedBar(),(e===l.MEDIA_DURATION||e===l.MEDIA_SEEKABLE)&&(this.mediaChaptersCues=P(this,di),this.updateBar()))}get mediaChaptersCues(){return P(this,di)}set mediaChaptersCues(e){var t;_e(this,di,e),this.updateSegments((t=P(this,di))==null?void 0:t.map(r=>({start:os(this,r.startTime),end:os(this,r.endTime)})))}get mediaPaused(){return I(this,l.MEDIA_PAUSED)}set mediaPaused(e){M(this,l.MEDIA_PAUSED,e)}get mediaLoading(){return I(this,l.MEDIA_LOADING)}set mediaLoading(e){M(this,l.MEDIA_LOADING,e)}get mediaDuration(){return j(this,l.MEDIA_DURATION)}set mediaDuration(e){Z(this,l.MEDIA_DURATION,e)}get mediaCurrentTime(){return j(this,l.MEDIA_CURRENT_TIME)}set mediaCurrentTime(e){Z(this,l.MEDIA_CURRENT_TIME,e)}get mediaPlaybackRate(){return j(this,l.MEDIA_PLAYBACK_RATE,1)}set mediaPlaybackRate(e){Z(this,l.MEDIA_PLAYBACK_RATE,e)}get mediaBuffered(){let e=this.getAttribute(l.MEDIA_BUFFERED);return e?e.split(" ").map(t=>t.split(":").map(r=>+r)):[]}set mediaBuffered(e){if(!e){this.removeAttribute(l.MEDIA_BUFFERED);return}let t=e.map(r=>r.join(":")).join(" ");this.setAttribute(l.MEDIA_BUFFERED,t)}get mediaSeekable(){let e=this.getAttribute(l.MEDIA_SEEKABLE);if(e)return e.split(":").map(t=>+t)}set mediaSeekable(e){if(e==null){this.removeAttribute(l.MEDIA_SEEKABLE);return}this.setAttribute(l.MEDIA_SEEKABLE,e.join(":"))}get mediaSeekableEnd(){var e;let[,t=this.mediaDuration]=(e=this.mediaSeekable)!=null?e:[];return t}get mediaSeekableStart(){var e;let[t=0]=(e=this.mediaSeekable)!=null?e:[];return t}get mediaPreviewImage(){return x(this,l.MEDIA_PREVIEW_IMAGE)}set mediaPreviewImage(e){C(this,l.MEDIA_PREVIEW_IMAGE,e)}get mediaPreviewTime(){return j(this,l.MEDIA_PREVIEW_TIME)}set mediaPreviewTime(e){Z(this,l.MEDIA_PREVIEW_TIME,e)}get mediaEnded(){return I(this,l.MEDIA_ENDED)}set mediaEnded(e){M(this,l.MEDIA_ENDED,e)}updateBar(){super.updateBar(),this.updateBufferedBar(),this.updateCurrentBox()}updateBufferedBar(){var e;let t=this.mediaBuffered;if(!t.length)return;let r;if(this.mediaEnded)r=1;else{let a=this.mediaCurrentTime,[,n=this.mediaSeekableStart]=(e=t.find(([o,d])=>o<=a&&a<=d))!=null?e:[];r=os(this,n)}let{style:s}=O(this.shadowRoot,"#buffered");s.setProperty("width",`${r*100}%`)}updateCurrentBox(){if(!this.shadowRoot.querySelector('slot[name="current"]').assignedElements().length)return;let t=O(this.shadowRoot,"#current-rail"),r=O(this.shadowRoot,'[part~="current-box"]'),s=Ee(this,us,Pa).call(this,P(this,ls)),a=Ee(this,hs,$a).call(this,s,this.range.valueAsNumber),n=Ee(this,ps,Na).call(this,s,this.range.valueAsNumber);t.style.transform=`translateX(${a})`,t.style.setProperty("--_range-width",`${s.range.width}`),r.style.setProperty("--_box-shift",`${n}`),r.style.setProperty("--_box-width",`${s.box.width}px`),r.style.setProperty("visibility","initial")}handleEvent(e){switch(super.handleEvent(e),e.type){case"input":Ee(this,Ua,pl).call(this);break;case"pointermove":Ee(this,Da,hl).call(this,e);break;case"pointerup":P(this,ci)&&_e(this,ci,!1);break;case"pointerdown":_e(this,ci,!0);break;case"pointerleave":Ee(this,Qi,ms).call(this,null);break;case"transitionstart":Ke(e.target,this)&&setTimeout(()=>P(this,qi).call(this),0);break}}};li=new WeakMap;st=new WeakMap;ds=new WeakMap;Ki=new WeakMap;cs=new WeakMap;ls=new WeakMap;Gi=new WeakMap;zi=new WeakMap;di=new WeakMap;ci=new WeakMap;qi=new WeakMap;Ca=new WeakSet;ul=function(){return this.isConnected&&!this.mediaPaused&&!this.mediaLoading&&!this.mediaEnded&&this.mediaSeekableEnd>0&&_r(this)};xa=new WeakMap;us=new WeakSet;Pa=function(i){var e;let r=((e=this.getAttribute("bounds")?Re(this,`#${this.getAttribute("bounds")}`):this.parentElement)!=null?e:this).getBoundingClientRect(),s=this.range.getBoundingClientRect(),a=i.offsetWidth,n=-(s.left-r.left-a/2),o=r.right-s.left-a/2;return{box:{width:a,min:n,max:o},bounds:r,range:s}};hs=new WeakSet;$a=function(i,e){let t=`${e*100}%`,{width:r,min:s,max:a}=i.box;if(!r)return t;if(Number.isNaN(s)||(t=`max(${`calc(1 / var(--_range-width) * 100 * ${s}% + var(--media-box-padding-left))`}, ${t})`),!Number.isNaN(a)){let o=`calc(1 / var(--_range-width) * 100 * ${a}% - var(--media-box-padding-right))`;t=`min(${t}, ${o})`}return t};ps=new WeakSet;Na=function(i,e){let{width:t,min:r,max:s}=i.box,a=e*i.range.width;if(a<r+P(this,Gi)){let n=i.range.left-i.bounds.left-P(this,Gi);return`${a-t/2+n}px`}if(a>s-P(this,zi)){let n=i.bounds.right-i.range.right-P(this,zi);return`${a+t/2-n-i.range.width}px`}return 0};Da=new WeakSet;hl=function(i){let e=[...P(this,ds)].some(f=>i.composedPath().includes(f));if(!this.dragging&&(e||!i.composedPath().includes(this))){Ee(this,Qi,ms).call(this,null);return}let t=this.mediaSeekableEnd;if(!t)return;let r=O(this.shadowRoot,"#preview-rail"),s=O(this.shadowRoot,'[part~="preview-box"]'),a=Ee(this,us,Pa).call(this,P(this,cs)),n=(i.clientX-a.range.left)/a.range.width;n=Math.max(0,Math.min(1,n));let o=Ee(this,hs,$a).call(this,a,n),d=Ee(this,ps,Na).call(this,a,n);r.style.transform=`translateX(${o})`,r.style.setProperty("--_range-width",`${a.range.width}`),s.style.setProperty("--_box-shift",`${d}`),s.style.setProperty("--_box-width",`${a.box.width}px`);let u=Math.round(P(this,Ki))-Math.round(n*t);Math.abs(u)<1&&n>.01&&n<.99||(_e(this,Ki,n*t),Ee(this,Qi,ms).call(this,P(this,Ki)))};Qi=new WeakSet;ms=function(i){this.dispatchEvent(new c.CustomEvent(E.MEDIA_PREVIEW_REQUEST,{composed:!0,bubbles:!0,detail:i}))};Ua=new WeakSet;pl=function(){P(this,st).stop();let i=ml(this);this.dispatchEvent(new c.CustomEvent(E.MEDIA_SEEK_REQUEST,{composed:!0,bubbles:!0,detail:i}))};Yi.shadowRootOptions={mode:"open"};Yi.getContainerTemplateHTML=dc;c.customElements.get("media-time-range")||c.customElements.define("media-time-range",Yi);var Fa=(i,e,t)=>{if(!e.has(i))throw TypeError("Cannot "+t)},Me=(i,e,t)=>(Fa(i,e,"read from private field"),t?t.call(i):e.get(i)),It=(i,e,t)=>{if(e.has(i))throw TypeError("Cannot add the same private member more than once");e instanceof WeakSet?e.add(i):e.set(i,t)},Va=(i,e,t,r)=>(Fa(i,e,"write to private field"),r?r.call(i,t):e.set(i,t),t),nt=(i,e,t)=>(Fa(i,e,"access private method"),t),ui,He,Es,Wa,vl,gs,qa,Xi,fs,vs,Ha,at={REMAINING:"remaining",SHOW_DURATION:"showduration",NO_TOGGLE:"notoggle"},fl=[...Object.values(at),l.MEDIA_CURRENT_TIME,l.MEDIA_DURATION,l.MEDIA_SEEKABLE],gl=["Enter"," "],cc="&nbsp;/&nbsp;",Ba=(i,{timesSep:e=cc}={})=>{var t,r;let s=(t=i.mediaCurrentTime)!=null?t:0,[,a]=(r=i.mediaSeekable)!=null?r:[],n=0;Number.isFinite(i.mediaDuration)?n=i.mediaDuration:Number.isFinite(a)&&(n=a);let o=i.remaining?kt(0-(n-s)):kt(s);return i.showDuration?`${o}${e}${kt(n)}`:o},uc=i=>{var e;let t=i.mediaCurrentTime,[,r]=(e=i.mediaSeekable)!=null?e:[],s=null;if(Number.isFinite(i.mediaDuration)?s=i.mediaDuration:Number.isFinite(r)&&(s=r),t==null||s===null){i.setAttribute("aria-description",L("video not loaded, unknown time."));return}let a=i.remaining?St(0-(s-t)):St(t);if(!i.showDuration){i.setAttribute("aria-description",a);return}let n=St(s),o=L("{currentTime} of {totalTime}",{currentTime:a,totalTime:n});i.setAttribute("aria-description",o)};function hc(i,e){return`
    <slot>${Ba(e)}</slot>
  `}var pc=i=>{i.setAttribute("aria-label",L("playback time"))},_s=class extends ge{constructor(){super(),It(this,Wa),It(this,gs),It(this,Xi),It(this,vs),It(this,ui,void 0),It(this,He,null),It(this,Es,e=>{let{metaKey:t,altKey:r,key:s}=e;if(t||r||!gl.includes(s)){this.removeEventListener("keyup",Me(this,He));return}this.addEventListener("keyup",Me(this,He))}),Va(this,ui,this.shadowRoot.querySelector("slot")),Me(this,ui).innerHTML=`${Ba(this)}`}static get observedAttributes(){return[...super.observedAttributes,...fl,"disabled"]}connectedCallback(){let{style:e}=O(this.shadowRoot,":host(:hover:not([notoggle]))");e.setProperty("cursor","var(--media-cursor, pointer)"),e.setProperty("background","var(--media-control-hover-background, rgba(50 50 70 / .7))"),this.setAttribute("aria-label",L("playback time")),nt(this,Xi,fs).call(this),super.connectedCallback()}toggleTimeDisplay(){this.noToggle||(this.hasAttribute("remaining")?this.removeAttribute("remaining"):this.setAttribute("remaining",""))}disconnectedCallback(){this.disable(),nt(this,gs,qa).call(this),super.disconnectedCallback()}attributeChangedCallback(e,t,r){pc(this),fl.includes(e)?this.update():e==="disabled"&&r!==t?r==null?nt(this,Xi,fs).call(this):nt(this,vs,Ha).call(this):e===at.NO_TOGGLE&&r!==t&&(this.noToggle?nt(this,vs,Ha).call(this):nt(this,Xi,fs).call(this)),super.attributeChangedCallback(e,t,r)}enable(){this.noToggle||(this.tabIndex=0)}disable(){this.tabIndex=-1}get remaining(){return I(this,at.REMAINING)}set remaining(e){M(this,at.REMAINING,e)}get showDuration(){return I(this,at.SHOW_DURATION)}set showDuration(e){M(this,at.SHOW_DURATION,e)}get noToggle(){return I(this,at.NO_TOGGLE)}set noToggle(e){M(this,at.NO_TOGGLE,e)}get mediaDuration(){return j(this,l.MEDIA_DURATION)}set mediaDuration(e){Z(this,l.MEDIA_DURATION,e)}get mediaCurrentTime(){return j(this,l.MEDIA_CURRENT_TIME)}set mediaCurrentTime(e){Z(this,l.MEDIA_CURRENT_TIME,e)}get mediaSeekable(){let e=this.getAttribute(l.MEDIA_SEEKABLE);if(e)return e.split(":").map(t=>+t)}set mediaSeekable(e){if(e==null){this.removeAttribute(l.MEDIA_SEEKABLE);return}this.setAttribute(l.MEDIA_SEEKABLE,e.join(":"))}update(){let e=Ba(this);uc(this),e!==Me(this,ui).innerHTML&&(Me(this,ui).innerHTML=e)}};ui=new WeakMap;He=new WeakMap;Es=new WeakMap;Wa=new WeakSet;vl=function(){Me(this,He)||(Va(this,He,i=>{let{key:e}=i;if(!gl.includes(e)){this.removeEventListener("keyup",Me(this,He));return}this.toggleTimeDisplay()}),this.addEventListener("keydown",Me(this,Es)),this.addEventListener("click",this.toggleTimeDisplay))};gs=new WeakSet;qa=function(){Me(this,He)&&(this.removeEventListener("keyup",Me(this,He)),this.removeEventListener("keydown",Me(this,Es)),this.removeEventListener("click",this.toggleTimeDisplay),Va(this,He,null))};Xi=new WeakSet;fs=function(){!this.noToggle&&!this.hasAttribute("disabled")&&(this.setAttribute("role","button"),this.enable(),nt(this,Wa,vl).call(this))};vs=new WeakSet;Ha=function(){this.removeAttribute("role"),this.disable(),nt(this,gs,qa).call(this)};_s.getSlotTemplateHTML=hc;c.customElements.get("media-time-display")||c.customElements.define("media-time-display",_s);var mc=`<svg aria-hidden="true" viewBox="0 0 24 24">
  <path d="M16.5 12A4.5 4.5 0 0 0 14 8v2.18l2.45 2.45a4.22 4.22 0 0 0 .05-.63Zm2.5 0a6.84 6.84 0 0 1-.54 2.64L20 16.15A8.8 8.8 0 0 0 21 12a9 9 0 0 0-7-8.77v2.06A7 7 0 0 1 19 12ZM4.27 3 3 4.27 7.73 9H3v6h4l5 5v-6.73l4.25 4.25A6.92 6.92 0 0 1 14 18.7v2.06A9 9 0 0 0 17.69 19l2 2.05L21 19.73l-9-9L4.27 3ZM12 4 9.91 6.09 12 8.18V4Z"/>
</svg>`,_l=`<svg aria-hidden="true" viewBox="0 0 24 24">
  <path d="M3 9v6h4l5 5V4L7 9H3Zm13.5 3A4.5 4.5 0 0 0 14 8v8a4.47 4.47 0 0 0 2.5-4Z"/>
</svg>`,fc=`<svg aria-hidden="true" viewBox="0 0 24 24">
  <path d="M3 9v6h4l5 5V4L7 9H3Zm13.5 3A4.5 4.5 0 0 0 14 8v8a4.47 4.47 0 0 0 2.5-4ZM14 3.23v2.06a7 7 0 0 1 0 13.42v2.06a9 9 0 0 0 0-17.54Z"/>
</svg>`;function vc(i){return`
    <style>
      :host(:not([${l.MEDIA_VOLUME_LEVEL}])) slot[name=icon] slot:not([name=high]),
      :host([${l.MEDIA_VOLUME_LEVEL}=high]) slot[name=icon] slot:not([name=high]) {
        display: none !important;
      }

      :host([${l.MEDIA_VOLUME_LEVEL}=off]) slot[name=icon] slot:not([name=off]) {
        display: none !important;
      }

      :host([${l.MEDIA_VOLUME_LEVEL}=low]) slot[name=icon] slot:not([name=low]) {
        display: none !important;
      }

      :host([${l.MEDIA_VOLUME_LEVEL}=medium]) slot[name=icon] slot:not([name=medium]) {
        display: none !important;
      }

      :host(:not([${l.MEDIA_VOLUME_LEVEL}=off])) slot[name=tooltip-unmute],
      :host([${l.MEDIA_VOLUME_LEVEL}=off]) slot[name=tooltip-mute] {
        display: none;
      }
    </style>

    <slot name="icon">
      <slot name="off">${mc}</slot>
      <slot name="low">${_l}</slot>
      <slot name="medium">${_l}</slot>
      <slot name="high">${fc}</slot>
    </slot>
  `}function gc(){return`
    <slot name="tooltip-mute">${L("Mute")}</slot>
    <slot name="tooltip-unmute">${L("Unmute")}</slot>
  `}var El=i=>{let t=i.mediaVolumeLevel==="off"?L("unmute"):L("mute");i.setAttribute("aria-label",t)},ji=class extends ae{static get observedAttributes(){return[...super.observedAttributes,l.MEDIA_VOLUME_LEVEL]}connectedCallback(){super.connectedCallback(),El(this)}attributeChangedCallback(e,t,r){super.attributeChangedCallback(e,t,r),e===l.MEDIA_VOLUME_LEVEL&&El(this)}get mediaVolumeLevel(){return x(this,l.MEDIA_VOLUME_LEVEL)}set mediaVolumeLevel(e){C(this,l.MEDIA_VOLUME_LEVEL,e)}handleClick(){let e=this.mediaVolumeLevel==="off"?E.MEDIA_UNMUTE_REQUEST:E.MEDIA_MUTE_REQUEST;this.dispatchEvent(new c.CustomEvent(e,{composed:!0,bubbles:!0}))}};ji.getSlotTemplateHTML=vc;ji.getTooltipContentHTML=gc;c.customElements.get("media-mute-button")||c.customElements.define("media-mute-button",ji);var _c=(i,e,t)=>{if(!e.has(i))throw TypeError("Cannot "+t)},bl=(i,e,t)=>(_c(i,e,"read from private field"),t?t.call(i):e.get(i)),Ec=(i,e,t)=>{if(e.has(i))throw TypeError("Cannot add the same private member more than once");e instanceof WeakSet?e.add(i):e.set(i,t)},bs,bc=1,yc=i=>i.mediaMuted?0:i.mediaVolume,Ac=i=>`${Math.round(i*100)}%`,Ka=class extends Oe{constructor(){super(...arguments),Ec(this,bs,()=>{let e=this.range.value,t=new c.CustomEvent(E.MEDIA_VOLUME_REQUEST,{composed:!0,bubbles:!0,detail:e});this.dispatchEvent(t)})}static get observedAttributes(){return[...super.observedAttributes,l.MEDIA_VOLUME,l.MEDIA_MUTED,l.MEDIA_VOLUME_UNAVAILABLE]}connectedCallback(){super.connectedCallback(),this.range.setAttribute("aria-label",L("volume")),this.range.addEventListener("input",bl(this,bs))}disconnectedCallback(){this.range.removeEventListener("input",bl(this,bs)),super.disconnectedCallback()}attributeChangedCallback(e,t,r){super.attributeChangedCallback(e,t,r),(e===l.MEDIA_VOLUME||e===l.MEDIA_MUTED)&&(this.range.valueAsNumber=yc(this),this.range.setAttribute("aria-valuetext",Ac(this.range.valueAsNumber)),this.updateBar())}get mediaVolume(){return j(this,l.MEDIA_VOLUME,bc)}set mediaVolume(e){Z(this,l.MEDIA_VOLUME,e)}get mediaMuted(){return I(this,l.MEDIA_MUTED)}set mediaMuted(e){M(this,l.MEDIA_MUTED,e)}get mediaVolumeUnavailable(){return x(this,l.MEDIA_VOLUME_UNAVAILABLE)}set mediaVolumeUnavailable(e){C(this,l.MEDIA_VOLUME_UNAVAILABLE,e)}};bs=new WeakMap;c.customElements.get("media-volume-range")||c.customElements.define("media-volume-range",Ka);var Al=(i,e,t)=>{if(!e.has(i))throw TypeError("Cannot "+t)},Tc=(i,e,t)=>(Al(i,e,"read from private field"),t?t.call(i):e.get(i)),Sc=(i,e,t)=>{if(e.has(i))throw TypeError("Cannot add the same private member more than once");e instanceof WeakSet?e.add(i):e.set(i,t)},kc=(i,e,t,r)=>(Al(i,e,"write to private field"),r?r.call(i,t):e.set(i,t),t),ys,wc=`<svg aria-hidden="true" viewBox="0 0 26 24">
  <path d="M16 3v2.5h3.5V9H22V3h-6ZM4 9h2.5V5.5H10V3H4v6Zm15.5 9.5H16V21h6v-6h-2.5v3.5ZM6.5 15H4v6h6v-2.5H6.5V15Z"/>
</svg>`,Ic=`<svg aria-hidden="true" viewBox="0 0 26 24">
  <path d="M18.5 6.5V3H16v6h6V6.5h-3.5ZM16 21h2.5v-3.5H22V15h-6v6ZM4 17.5h3.5V21H10v-6H4v2.5Zm3.5-11H4V9h6V3H7.5v3.5Z"/>
</svg>`;function Mc(i){return`
    <style>
      :host([${l.MEDIA_IS_FULLSCREEN}]) slot[name=icon] slot:not([name=exit]) {
        display: none !important;
      }

      
      :host(:not([${l.MEDIA_IS_FULLSCREEN}])) slot[name=icon] slot:not([name=enter]) {
        display: none !important;
      }

      :host([${l.MEDIA_IS_FULLSCREEN}]) slot[name=tooltip-enter],
      :host(:not([${l.MEDIA_IS_FULLSCREEN}])) slot[name=tooltip-exit] {
        display: none;
      }
    </style>

    <slot name="icon">
      <slot name="enter">${wc}</slot>
      <slot name="exit">${Ic}</slot>
    </slot>
  `}function Lc(){return`
    <slot name="tooltip-enter">${L("Enter fullscreen mode")}</slot>
    <slot name="tooltip-exit">${L("Exit fullscreen mode")}</slot>
  `}var yl=i=>{let e=i.mediaIsFullscreen?L("exit fullscreen mode"):L("enter fullscreen mode");i.setAttribute("aria-label",e)},Zi=class extends ae{constructor(){super(...arguments),Sc(this,ys,null)}static get observedAttributes(){return[...super.observedAttributes,l.MEDIA_IS_FULLSCREEN,l.MEDIA_FULLSCREEN_UNAVAILABLE]}connectedCallback(){super.connectedCallback(),yl(this)}attributeChangedCallback(e,t,r){super.attributeChangedCallback(e,t,r),e===l.MEDIA_IS_FULLSCREEN&&yl(this)}get mediaFullscreenUnavailable(){return x(this,l.MEDIA_FULLSCREEN_UNAVAILABLE)}set mediaFullscreenUnavailable(e){C(this,l.MEDIA_FULLSCREEN_UNAVAILABLE,e)}get mediaIsFullscreen(){return I(this,l.MEDIA_IS_FULLSCREEN)}set mediaIsFullscreen(e){M(this,l.MEDIA_IS_FULLSCREEN,e)}handleClick(e){kc(this,ys,e);let t=Tc(this,ys)instanceof PointerEvent,r=this.mediaIsFullscreen?new c.CustomEvent(E.MEDIA_EXIT_FULLSCREEN_REQUEST,{composed:!0,bubbles:!0}):new c.CustomEvent(E.MEDIA_ENTER_FULLSCREEN_REQUEST,{composed:!0,bubbles:!0,detail:t});this.dispatchEvent(r)}};ys=new WeakMap;Zi.getSlotTemplateHTML=Mc;Zi.getTooltipContentHTML=Lc;c.customElements.get("media-fullscreen-button")||c.customElements.define("media-fullscreen-button",Zi);var Be={PLACEHOLDER_SRC:"placeholdersrc",SRC:"src"};function Rc(i){return`
    <style>
      :host {
        pointer-events: none;
        display: var(--media-poster-image-display, inline-block);
        box-sizing: border-box;
      }

      img {
        max-width: 100%;
        max-height: 100%;
        min-width: 100%;
        min-height: 100%;
        background-repeat: no-repeat;
        background-position: var(--media-poster-image-background-position, var(--media-object-position, center));
        background-size: var(--media-poster-image-background-size, var(--media-object-fit, contain));
        object-fit: var(--media-object-fit, contain);
        object-position: var(--media-object-position, center);
      }
    </style>

    <img part="poster img" aria-hidden="true" id="image"/>
  `}var Cc=i=>{i.style.removeProperty("background-image")},xc=(i,e)=>{i.style["background-image"]=`url('${e}')`},Ji=class extends c.HTMLElement{static get observedAttributes(){return[Be.PLACEHOLDER_SRC,Be.SRC]}constructor(){if(super(),!this.shadowRoot){this.attachShadow(this.constructor.shadowRootOptions);let e=B(this.attributes);this.shadowRoot.innerHTML=this.constructor.getTemplateHTML(e)}this.image=this.shadowRoot.querySelector("#image")}attributeChangedCallback(e,t,r){e===Be.SRC&&(r==null?this.image.removeAttribute(Be.SRC):this.image.setAttribute(Be.SRC,r)),e===Be.PLACEHOLDER_SRC&&(r==null?Cc(this.image):xc(this.image,r))}get placeholderSrc(){return x(this,Be.PLACEHOLDER_SRC)}set placeholderSrc(e){C(this,Be.SRC,e)}get src(){return x(this,Be.SRC)}set src(e){C(this,Be.SRC,e)}};Ji.shadowRootOptions={mode:"open"};Ji.getTemplateHTML=Rc;c.customElements.get("media-poster-image")||c.customElements.define("media-poster-image",Ji);var Sl=(i,e,t)=>{if(!e.has(i))throw TypeError("Cannot "+t)},er=(i,e,t)=>(Sl(i,e,"read from private field"),t?t.call(i):e.get(i)),Tl=(i,e,t)=>{if(e.has(i))throw TypeError("Cannot add the same private member more than once");e instanceof WeakSet?e.add(i):e.set(i,t)},tr=(i,e,t,r)=>(Sl(i,e,"write to private field"),r?r.call(i,t):e.set(i,t),t),Fe,Ts,As={LOADING_DELAY:"loadingdelay",NO_AUTOHIDE:"noautohide"},kl=500,Dc=`
<svg aria-hidden="true" viewBox="0 0 100 100">
  <path d="M73,50c0-12.7-10.3-23-23-23S27,37.3,27,50 M30.9,50c0-10.5,8.5-19.1,19.1-19.1S69.1,39.5,69.1,50">
    <animateTransform
       attributeName="transform"
       attributeType="XML"
       type="rotate"
       dur="1s"
       from="0 50 50"
       to="360 50 50"
       repeatCount="indefinite" />
  </path>
</svg>
`;function Uc(i){return`
    <style>
      :host {
        display: var(--media-control-display, var(--media-loading-indicator-display, inline-block));
        vertical-align: middle;
        box-sizing: border-box;
        --_loading-indicator-delay: var(--media-loading-indicator-transition-delay, ${kl}ms);
      }

      #status {
        color: rgba(0,0,0,0);
        width: 0px;
        height: 0px;
      }

      :host slot[name=icon] > *,
      :host ::slotted([slot=icon]) {
        opacity: var(--media-loading-indicator-opacity, 0);
        transition: opacity 0.15s;
      }

      :host([${l.MEDIA_LOADING}]:not([${l.MEDIA_PAUSED}])) slot[name=icon] > *,
      :host([${l.MEDIA_LOADING}]:not([${l.MEDIA_PAUSED}])) ::slotted([slot=icon]) {
        opacity: var(--media-loading-indicator-opacity, 1);
        transition: opacity 0.15s var(--_loading-indicator-delay);
      }

      :host #status {
        visibility: var(--media-loading-indicator-opacity, hidden);
        transition: visibility 0.15s;
      }

      :host([${l.MEDIA_LOADING}]:not([${l.MEDIA_PAUSED}])) #status {
        visibility: var(--media-loading-indicator-opacity, visible);
        transition: visibility 0.15s var(--_loading-indicator-delay);
      }

      svg, img, ::slotted(svg), ::slotted(img) {
        width: var(--media-loading-indicator-icon-width);
        height: var(--media-loading-indicator-icon-height, 100px);
        fill: var(--media-icon-color, var(--media-primary-color, rgb(238 238 238)));
        vertical-align: middle;
      }
    </style>

    <slot name="icon">${Dc}</slot>
    <div id="status" role="status" aria-live="polite">${L("media loading")}</div>
  `}var ir=class extends c.HTMLElement{constructor(){if(super(),Tl(this,Fe,void 0),Tl(this,Ts,kl),!this.shadowRoot){this.attachShadow(this.constructor.shadowRootOptions);let e=B(this.attributes);this.shadowRoot.innerHTML=this.constructor.getTemplateHTML(e)}}static get observedAttributes(){return[w.MEDIA_CONTROLLER,l.MEDIA_PAUSED,l.MEDIA_LOADING,As.LOADING_DELAY]}attributeChangedCallback(e,t,r){var s,a,n,o,d;e===As.LOADING_DELAY&&t!==r?this.loadingDelay=Number(r):e===w.MEDIA_CONTROLLER&&(t&&((a=(s=er(this,Fe))==null?void 0:s.unassociateElement)==null||a.call(s,this),tr(this,Fe,null)),r&&this.isConnected&&(tr(this,Fe,(n=this.getRootNode())==null?void 0:n.getElementById(r)),(d=(o=er(this,Fe))==null?void 0:o.associateElement)==null||d.call(o,this)))}connectedCallback(){var e,t,r;let s=this.getAttribute(w.MEDIA_CONTROLLER);s&&(tr(this,Fe,(e=this.getRootNode())==null?void 0:e.getElementById(s)),(r=(t=er(this,Fe))==null?void 0:t.associateElement)==null||r.call(t,this))}disconnectedCallback(){var e,t;(t=(e=er(this,Fe))==null?void 0:e.unassociateElement)==null||t.call(e,this),tr(this,Fe,null)}get loadingDelay(){return er(this,Ts)}set loadingDelay(e){tr(this,Ts,e);let{style:t}=O(this.shadowRoot,":host");t.setProperty("--_loading-indicator-delay",`var(--media-loading-indicator-transition-delay, ${e}ms)`)}get mediaPaused(){return I(this,l.MEDIA_PAUSED)}set mediaPaused(e){M(this,l.MEDIA_PAUSED,e)}get mediaLoading(){return I(this,l.MEDIA_LOADING)}set mediaLoading(e){M(this,l.MEDIA_LOADING,e)}get mediaController(){return x(this,w.MEDIA_CONTROLLER)}set mediaController(e){C(this,w.MEDIA_CONTROLLER,e)}get noAutohide(){return I(this,As.NO_AUTOHIDE)}set noAutohide(e){M(this,As.NO_AUTOHIDE,e)}};Fe=new WeakMap;Ts=new WeakMap;ir.shadowRootOptions={mode:"open"};ir.getTemplateHTML=Uc;c.customElements.get("media-loading-indicator")||c.customElements.define("media-loading-indicator",ir);var wl=[{},{},{},{},{},{LitElement:oe,css:te,html:_,nothing:g},{MediaStateReceiverAttributes:w,MediaUIAttributes:l,MediaUIEvents:E},{},{MediaChromeButton:ae},{},{AttributeTokenList:Xt},{areSubsOn:So,formatTextTrackObj:sa,parseTextTracksStr:ia,stringifyTextTrackList:Ui},{closestComposedNode:Re,containsComposedNode:Ke,getActiveElement:zs,getAttributeMediaController:Gs,getBooleanAttr:I,getDocumentOrShadowRoot:Qs,getMediaController:gr,getNumericAttr:j,getOrInsertCSSRule:O,getStringAttr:x,insertCSSRule:Mi,namedNodeMapToObject:B,setBooleanAttr:M,setNumericAttr:Z,setStringAttr:C},{t:L},{observeResize:Ht,unobserveResize:Bt},{document:H,globalThis:c},{parseAudioTrackList:yo,parseRenditionList:Eo},{ReelError:U,apiBase:ne,isLiveInfo:Pt,lookupEmbed:We,tokenize:Ot},{backoff:Dt,formatTime:Le}];var rr=null;function hi(){return rr||(rr=import("./menus.js").then(i=>i.install(wl)),rr.catch(()=>rr=null)),rr}var sr,Ga=class{constructor(e,t,r,s,a){this.id=t;this.label=r;this.language=s;this._enabled=!1;Sn(this,sr);kn(this,sr,e),this.kind=a?"main":"translation"}get enabled(){return this._enabled}set enabled(e){e&&!this._enabled&&Tn(this,sr).select(this)}_set(e){this._enabled=e}};sr=new WeakMap;var Ss=class extends EventTarget{constructor(t){super();this.onSelect=t;this.tracks=[]}get length(){return this.tracks.length}[Symbol.iterator](){return this.tracks[Symbol.iterator]()}item(t){return this.tracks[t]??null}getTrackById(t){return this.tracks.find(r=>r.id===t)??null}reset(t,r){for(let s of this.tracks)this.dispatchEvent(Object.assign(new Event("removetrack"),{track:s}));this.tracks=t.map(s=>new Ga(this,s.id,s.label,s.language,s.default)),this.tracks.forEach((s,a)=>s._set(a===r));for(let s of this.tracks)this.dispatchEvent(Object.assign(new Event("addtrack"),{track:s}))}mark(t){let r=!1;this.tracks.forEach((s,a)=>{s.enabled!==(a===t)&&(r=!0),s._set(a===t)}),r&&this.dispatchEvent(new Event("change"))}select(t){let r=this.tracks.indexOf(t);r<0||(this.mark(r),this.onSelect(r))}},ks=class extends EventTarget{constructor(t){super();this.onSelect=t;this.length=0;this.sel=-1}[Symbol.iterator](){return Array.prototype.values.call(this)}get selectedIndex(){return this.sel}set selectedIndex(t){t=this[t]?t:-1,t!==this.sel&&(this.sel=t,this.onSelect(t<0?-1:+this[t].id),this.dispatchEvent(new Event("change")))}reset(t){let r=this.length;t.length<2&&(t=[]);for(let s=0;s<Math.max(r,t.length);s++)Object.defineProperty(this,s,{value:t[s],configurable:!0});this.length=t.length,this.sel=-1,(r||t.length)&&this.dispatchEvent(new Event(t.length?"addrendition":"removerendition"))}};var Oc="color controls subtitles active-subtitle autoplay muted loop start quality poster-time codecs".split(" "),Il=["abort","canplay","canplaythrough","durationchange","emptied","ended","error","loadeddata","loadedmetadata","loadstart","pause","play","playing","progress","ratechange","resize","seeked","seeking","stalled","suspend","timeupdate","volumechange","waiting","enterpictureinpicture","leavepictureinpicture"],ar=null;function Pc(){return ar||(ar=import(Qe.hlsSrc||new URL("./hls.js",import.meta.url).href).then(e=>({Hls:e.default||e.Hls,pickCodec:e.pickCodec,menuLevels:e.menuLevels})),ar.catch(()=>ar=null)),ar}var Qe=class extends F{constructor(){super();this._hls=null;this._audio=new Ss(t=>{this._hls&&(this._hls.audioTrack=t)});this._renditions=new ks(t=>{let r=this._hls;r&&(t<0?r.loadLevel=-1:r.currentLevel=t)});this._metrics=null;this._themeSheet=null;this._recovered=0;this._reattached=0;this._playIntended=!1;this._sourceSeq=0;this._codec=null;this._sourceReady=Promise.resolve();this._onKeyUp=t=>{t.key==="?"&&hi().then(()=>{let r=this.renderRoot.querySelector("media-keyboard-shortcuts-dialog");if(!r)return;let s=["hotkeys","open"].filter(a=>Object.prototype.hasOwnProperty.call(r,a)).map(a=>[a,r[a]]);for(let[a]of s)delete r[a];customElements.upgrade(r);for(let[a,n]of s)r[a]=n}).catch(r=>console.warn("reel-player: the menus failed to load",r))};this._applied=new Map;this._wantedSub=null;this.color=null,this.theme=null,this.controls=null,this.subtitles=null,this.activeSubtitle=null,this.autoplay=!1,this.muted=!1,this.loop=!1,this.poster=null,this.quality=null,this.start=null,this.metrics=null,this.preferPlayback=null,this.codecs=null,this._ended=!1,this._started=!1,this._hover=!1,this._live="",this.addEventListener("pointerenter",()=>this._hover=!0),this.addEventListener("pointerleave",()=>this._hover=!1);let t=document.createElement("video");t.setAttribute("slot","media"),t.setAttribute("part","video"),t.setAttribute("playsinline",""),t.setAttribute("crossorigin","anonymous"),t.setAttribute("preload","metadata"),"audioTracks"in t||Object.defineProperty(t,"audioTracks",{value:this._audio,configurable:!0}),Object.defineProperty(t,"videoRenditions",{value:this._renditions,configurable:!0});for(let r of Il)t.addEventListener(r,()=>this.dispatchEvent(new Event(r)));t.addEventListener("loadedmetadata",()=>this._showSubtitle(this._wantedSub)),t.addEventListener("ended",()=>this._ended=!0),t.addEventListener("play",()=>{this._ended=!1,this._started=!0,this._playIntended=!0}),t.addEventListener("pause",()=>{t.error||(this._playIntended=!1)}),t.addEventListener("seeking",()=>this._ended=!1),t.addEventListener("error",()=>{if(!this._hls){if(this.live&&t.error)return void this._liveEl()?.retry?.(this._sourceSeq);if(!(!t.error||this._state!=="ready"||!t.currentSrc)){if(this._reattached++<2)return void this._reattach(this._sourceSeq);this._fail(new U(0,"media","The video could not be played."))}}}),this.media=t}async play(){if(this._state!=="ready"&&!await this.load())throw new DOMException(this._message||"not playable","NotSupportedError");return await this._sourceReady,this.media.play()}pause(){this.media.pause()}get currentTime(){return this.media.currentTime}set currentTime(t){this.media.currentTime=t}get duration(){if(this.live)return 1/0;let t=this.media.duration;return Number.isFinite(t)?t:this._info?.duration??NaN}get live(){return!!this._live&&this._live!="ended"}get latency(){return this._liveEl()?.measure?.()??null}seekToLive(){this._liveEl()?.seekToLive?.()}get paused(){return this.media.paused}get ended(){return this.media.ended}get volume(){return this.media.volume}set volume(t){this.media.volume=t}get playbackRate(){return this.media.playbackRate}set playbackRate(t){this.media.playbackRate=t}get readyState(){return this.media.readyState}get buffered(){return this.media.buffered}get textTracks(){return this.media.textTracks}get audioTracks(){return this.media.audioTracks}get audioTrack(){for(let t of Array.from(this.audioTracks))if(t.enabled)return t.language||t.id;return null}set audioTrack(t){if(!t)return;let r=Array.from(this.audioTracks),s=r.find(a=>a.id===t)||r.find(a=>a.language&&ye(a.language,t));s&&(s.enabled=!0)}get subtitleTrack(){let t=Array.from(this.media.textTracks).find(r=>r.mode==="showing"&&(r.kind==="subtitles"||r.kind==="captions"));return t?t.language:null}set subtitleTrack(t){this._showSubtitle(t&&t!=="off"?t:null)}get hls(){return this._hls}playsUnready(t){return Pt(t)}reset(){super.reset(),this._live="",this._reattached=0,this._playIntended=!1,this._teardown(),this._ended=!1,this._started=!1}disconnectedCallback(){super.disconnectedCallback(),this._metrics?.destroy(),this._metrics=null}connectedCallback(){super.connectedCallback(),this._info&&!this._metrics&&this._startMetrics(this._info)}_teardown(){this._sourceSeq++,this._hls?.destroy(),this._hls=null,this._metrics?.destroy(),this._metrics=null,this._audio.reset([],-1),this._renditions.reset([]);for(let t of Array.from(this.media.querySelectorAll("track")))t.remove();this.media.removeAttribute("src");try{this.media.load()}catch{}}updated(t){if(super.updated(t),this._syncScreens(),t.has("muted")&&(this.media.muted=this.muted),t.has("loop")&&(this.media.loop=this.loop),t.has("autoplay")&&(this.media.autoplay=this.autoplay),t.has("theme")&&this._loadTheme(),this._state!=="idle"&&(t.has("_state")||t.has("controls"))){let r=xt(this.controls);Mn.some(s=>r.has(s))&&hi().catch(s=>console.warn("reel-player: the menus failed to load",s))}if(t.has("quality")&&this._hls&&this._applyCap(),this._info&&!t.has("_info")){if(t.has("subtitles"))this._addTextTracks(this._info);else if(t.has("activeSubtitle")){let r=this._info.audio_tracks?.find(s=>s.default)?.language;this._showSubtitle(Is(this._info.subtitles||[],this.subtitles,this.activeSubtitle,r).active)}}if(t.has("_info")||t.has("_state")){let r=this._info?.title;this.setAttribute("role","region"),this.setAttribute("aria-label",r?`Video: ${r}`:"Video player");let[s,a]=this._info?[this._info.width,this._info.height]:[0,0];s>0&&a>0&&!this.style.getPropertyValue("--reel-aspect-ratio")&&this.style.setProperty("--reel-aspect-ratio",`${s} / ${a}`)}}_applySettings(t={}){let r=this;this._applied.forEach((s,a)=>r[a]===s&&(r[a]=s===!0?!1:null)),this._applied.clear();for(let s of Oc){let a=s=="poster-time"?"poster":s,n=a=="active-subtitle"?"activeSubtitle":a,o=t[s];o!=null&&o!==!1&&!this.hasAttribute(a)&&!r[n]&&this._applied.set(n,r[n]=a=="poster"?""+o:o)}}async onInfo(t){this._applySettings(t.player);let r;this._sourceReady=new Promise(s=>r=s);try{await this._attach(t)}finally{r()}}async _attach(t,r=this.start&&this.start>0?this.start:0,s=this.autoplay){let a=++this._sourceSeq,n=this.media;n.muted=this.muted,n.loop=this.loop,this._addTextTracks(t),this._startMetrics(t);let o=Pt(t),d=o&&t.urls.low_latency_hls||t.urls.hls;if(o&&(r=0,n.loop=!1,this._live!="live"&&(this._live="waiting"),hi().catch(()=>{})),this._useNative())n.src=d,r&&n.addEventListener("loadedmetadata",()=>n.currentTime=r,{once:!0});else{let u,f;try{({Hls:u,pickCodec:f,menuLevels:this._menuLevels}=await Pc())}catch{u=null}let p=(t.renditions||[]).map(h=>({...h,bitrate:t.duration>0?8*h.size/t.duration:0})),v=u&&u.isSupported()&&f?await f(p,this.codecs).catch(()=>null):null;if(a!==this._sourceSeq)return;if(this._codec=v?.fourcc||null,!u||!u.isSupported()){let h=[...t.renditions||[]].sort((A,b)=>A.width-b.width)[0];if(!h)return this._fail(new U(0,"media","This browser cannot play this video."));n.src=h.url,r&&n.addEventListener("loadedmetadata",()=>n.currentTime=r,{once:!0})}else{let h=new u({startPosition:r||-1,lowLatencyMode:o,subtitleStreamController:void 0,subtitleTrackController:void 0,timelineController:void 0,enableWebVTT:!1,enableCEA708Captions:!1,capLevelToPlayerSize:!1,backBufferLength:60,...v?{videoPreference:{videoCodec:v.fourcc},abrEwmaDefaultEstimate:Math.max(5e5,2*v.minBitrate)}:{}});this._hls=h;let A=u.Events;h.on(A.MANIFEST_PARSED,()=>this._applyCap()),h.on(A.AUDIO_TRACKS_UPDATED,()=>{let b=t.audio_tracks||[],S=new Set,T=h.audioTracks.map(K=>{let G=b.find(Y=>Y.label===K.name&&(!K.lang||!Y.language||ye(Y.language,K.lang)));return G&&S.add(G),G}),Q=h.audioTracks.map((K,G)=>{let Y=T[G]||b.find(Ve=>!S.has(Ve)&&Ve.language&&K.lang&&ye(Ve.language,K.lang));return Y&&S.add(Y),{id:String(G),label:Y?.label||K.name||K.lang||`Track ${G+1}`,language:K.lang||Y?.language||"",default:!!K.default}}),ot=_i(Q),lt=Q.map((K,G)=>({...K,label:ot[G]}));this._audio.reset(lt,h.audioTrack)}),h.on(A.AUDIO_TRACK_SWITCHED,(b,S)=>{this._audio.mark(S.id);let T=h.audioTracks[S.id];this.dispatchEvent(new CustomEvent("audiotrackchange",{detail:{language:T?.lang,label:T?.name}}))}),h.on(A.LEVEL_SWITCHED,(b,S)=>{let T=h.levels[S.level];T&&this._metrics?.renditionChange({width:T.width,height:T.height,bitrate:T.bitrate,name:T.name})}),h.on(A.ERROR,(b,S)=>{if(!S.fatal)return;if(this.live&&S.type==="networkError")return void this._liveEl()?.retry?.(a);if(S.type==="mediaError"&&this._recovered++<2)return h.recoverMediaError();if(S.type==="networkError"&&this._recovered++<2&&!S.response?.code)return void setTimeout(()=>h.startLoad(),1e3);let T=S.response?.code;if(T===404&&this._reattached++<2)return void this._reattach(a);this._metrics?.error(S.details,S.type),this._fail(T===401||T===403?new U(T,"token_invalid","token"):T===404?new U(404,"not_found","gone"):new U(0,"media","The video could not be played."))}),h.loadSource(d),h.attachMedia(n)}}s&&n.play().catch(()=>{})}async _reattach(t){let r=this._playIntended,a=this.media.currentTime,n=new U(404,"not_found","gone");if(!this.embed)return this._fail(n);let o;try{o=await We(ne(this),this.embed,this.token,!0)}catch(u){t===this._sourceSeq&&this._fail(u instanceof U?u:n);return}if(t!==this._sourceSeq)return;if(!o.playable&&!Pt(o)||o.archived)return this._fail(n);this._hls?.destroy(),this._hls=null;let d=Ot(o,this.token);this._info=d,await this._attach(d,a,r)}_liveEl(){return this.renderRoot?.querySelector("reel-live")}_useNative(){return!this.media.canPlayType("application/vnd.apple.mpegurl")?!1:this.preferPlayback==="native"||!(typeof MediaSource<"u"||"ManagedMediaSource"in globalThis)?!0:this.preferPlayback==="mse"?!1:"audioTracks"in HTMLMediaElement.prototype}_applyCap(){let t=this._hls;if(!t)return;let{cap:r,offered:s}=this._menuLevels?.(t.levels,this._codec,this.quality)||{cap:-1,offered:t.levels.map((a,n)=>({id:String(n),width:a.width,height:a.height,bitrate:a.bitrate}))};t.autoLevelCapping=r,this._renditions.selectedIndex=-1,this._renditions.reset(s)}_startMetrics(t){if(this.metrics==="off"||this._metrics)return;let r=this.metrics&&/^https?:|^\//.test(this.metrics)?this.metrics:`${ne(this)}/v1/events`;this._metrics=new ft({endpoint:r,embed:t.embed}),this._metrics.attach(this.media)}_addTextTracks(t){let r=this.media;for(let u of Array.from(r.querySelectorAll("track")))u.remove();if(t.urls.storyboard){let u=document.createElement("track");u.kind="metadata",u.label="thumbnails",u.src=t.urls.storyboard.replace(/storyboard\.jpg(\?.*)?$/,"storyboard.vtt$1"),u.default=!0,r.append(u)}let s=t.chapters||[];if(s.length){let u=p=>new Date(Math.max(0,p)*1e3).toISOString().slice(11,23),f=document.createElement("track");f.kind="chapters",f.label="Chapters",f.default=!0,f.src="data:text/vtt,"+encodeURIComponent(`WEBVTT

`+s.map((p,v)=>{let h=Math.max(p.start+.001,s[v+1]?.start??t.duration??0),A=p.title.replace(/\s+/g," ").replace(/&/g,"&amp;").replace(/</g,"&lt;");return`${u(p.start)} --> ${u(h)}
${A}

`}).join("")),f.addEventListener("load",()=>r.textTracks.dispatchEvent(new Event("change"))),r.append(f)}let a=t.audio_tracks?.find(u=>u.default)?.language,{offered:n,active:o}=Is(t.subtitles||[],this.subtitles,this.activeSubtitle,a),d=_i(n);for(let[u,f]of n.entries()){let p=document.createElement("track");p.kind="subtitles",p.srclang=f.language,p.label=d[u],p.src=f.url,r.append(p)}this._showSubtitle(o)}_showSubtitle(t){this._wantedSub=t;for(let r of Array.from(this.media.textTracks))r.kind!=="subtitles"&&r.kind!=="captions"||(r.mode=t&&ye(r.language,t)?"showing":"disabled")}async _loadTheme(){let t=this.shadowRoot;if(t&&(this._themeSheet&&(t.adoptedStyleSheets=t.adoptedStyleSheets.filter(r=>r!==this._themeSheet),this._themeSheet=null),!!this.theme))try{let r=await import(new URL(this.theme,document.baseURI).href),s=r.default??r.css;typeof s=="function"&&(s=await s(this));let a=typeof s=="string"?s:typeof r.css=="string"?r.css:"";if(a){let n=new CSSStyleSheet;n.replaceSync(a),this._themeSheet=n,t.adoptedStyleSheets=[...t.adoptedStyleSheets,n]}this.dispatchEvent(new CustomEvent("reel-theme",{detail:{theme:this.theme}}))}catch(r){console.warn("reel-player: theme failed to load",this.theme,r)}}_posterURL(){let t=this._info,r=this.poster;if(r==="none")return;let s=Rn(r);if(s!=null&&t?.urls.frame){let a=Math.round((this.clientWidth||640)*(globalThis.devicePixelRatio||1));return Ln(t.urls.frame,s,Math.max(16,Math.min(3840,a)))}return r||t?.urls.poster||void 0}_seekBar(){return _`<media-time-range part="seek-bar">
      <media-preview-thumbnail slot="preview"></media-preview-thumbnail>
      <media-preview-chapter-display slot="preview"></media-preview-chapter-display>
      <media-preview-time-display slot="preview"></media-preview-time-display>
    </media-time-range>`}_screens(){let t=this._state!=="error"&&this._state!=="processing";return{"start-screen":t&&!this._started,"end-screen":t&&this._ended,"hover-screen":t&&this._hover}}_syncScreens(){let t=this._screens();for(let r of Array.from(this.children)){let s=r.getAttribute("slot")||"";s in t&&r.hidden===t[s]&&(r.hidden=!t[s])}}render(){let t=xt(this.controls),r=this._info,s=!!this.querySelector(':scope > [slot="end-screen"]'),a=!!r?.chapters?.length&&t.has("chapters"),n=this._screens(),o=this.color?`--reel-accent:${this.color}`:"",d=this._posterURL(),u=this.live,f=!!this._live&&this._live!="live",p=this._state==="error"||this._state==="processing"||f,v=this.title||r?.title||"",h=!this._started&&!p;return _`
      <media-controller
        part="controller"
        style=${o}
        novolumepref
        nomutedpref
        nosubtitleslangpref
        ?audio=${!1}
        lang=${document.documentElement.lang||"en"}
        @keyup=${this._onKeyUp}
      >
        ${this.media}
        ${d?_`<media-poster-image slot="poster" part="poster" src=${d} alt=${r?.title||""}></media-poster-image>`:g}
        ${v&&!p?_`<p class="title" part="title" slot="top-chrome">${v}</p>`:g}
        ${h?_`<button
              class="big-play"
              part="big-play-button"
              slot="centered-chrome"
              aria-label=${v?`Play: ${v}`:"Play"}
              @click=${()=>this.play().catch(()=>{})}
            >
              <svg viewBox="0 0 24 24" aria-hidden="true"><path fill="currentColor" d="M6 4.2v15.6a1 1 0 0 0 1.5.86l13-7.8a1 1 0 0 0 0-1.72l-13-7.8A1 1 0 0 0 6 4.2z" /></svg>
            </button>`:g}
        <media-loading-indicator slot="centered-chrome" noautohide></media-loading-indicator>
        ${t.has("subtitles")?_`<media-captions-menu id="captions-menu" hidden anchor="auto"></media-captions-menu>`:g}
        ${t.has("audiotracks")?_`<media-audio-track-menu id="audio-menu" hidden anchor="auto"></media-audio-track-menu>`:g}
        ${a?_`<reel-chapters-menu id="chapters-menu" hidden anchor="chapters-button"></reel-chapters-menu>`:g}
        ${t.has("quality")?_`<media-rendition-menu id="quality-menu" hidden anchor="auto"></media-rendition-menu>`:g}
        ${t.has("rate")?_`<media-playback-rate-menu id="rate-menu" hidden anchor="auto" rates="0.5 0.75 1 1.25 1.5 1.75 2"></media-playback-rate-menu>`:g}
        ${t.has("seek")&&!h?_`<media-control-bar class="seek-row" part="seek-row">${this._seekBar()}</media-control-bar>`:g}
        ${t.size?_`<media-control-bar part="control-bar">
              ${t.has("play")?_`<media-play-button part="play-button"></media-play-button>`:g}
              ${t.has("volume")?_`<media-mute-button part="mute-button"></media-mute-button
                    ><media-volume-range part="volume-range"></media-volume-range>`:g}
              ${u?_`<reel-live-button part="live-button"></reel-live-button>`:t.has("time")?_`<media-time-display part="time" showduration></media-time-display>`:g}
              ${t.has("seek")?this._seekBar():_`<span style="flex:1"></span>`}
              ${a?_`<reel-chapters-menu-button id="chapters-button" part="chapters-button" invoketarget="chapters-menu"></reel-chapters-menu-button>`:g}
              ${t.has("rate")?_`<media-playback-rate-menu-button part="rate-button" invoketarget="rate-menu"></media-playback-rate-menu-button>`:g}
              ${t.has("subtitles")?_`<media-captions-menu-button part="subtitles-button" invoketarget="captions-menu"></media-captions-menu-button>`:g}
              ${t.has("audiotracks")?_`<media-audio-track-menu-button part="audiotracks-button" invoketarget="audio-menu"></media-audio-track-menu-button>`:g}
              ${t.has("quality")?_`<media-rendition-menu-button part="quality-button" invoketarget="quality-menu"></media-rendition-menu-button>`:g}
              ${t.has("pip")?_`<media-pip-button part="pip-button"></media-pip-button>`:g}
              ${t.has("airplay")?_`<media-airplay-button part="airplay-button"></media-airplay-button>`:g}
              ${t.has("fullscreen")?_`<media-fullscreen-button part="fullscreen-button"></media-fullscreen-button>`:g}
            </media-control-bar>`:g}
      </media-controller>
      <div class="screen" part="start-screen" ?hidden=${!n["start-screen"]}><slot name="start-screen"></slot></div>
      <div class="screen" part="hover-screen" ?hidden=${!n["hover-screen"]}><slot name="hover-screen"></slot></div>
      <div class="end" part="end-screen" ?hidden=${!(n["end-screen"]&&s)}>
        <slot name="end-screen" @slotchange=${()=>this.requestUpdate()}></slot>
      </div>
      ${this._live?_`<reel-live .player=${this} state=${this._live} exportparts="live-stats,recording-button"></reel-live>`:g}
      <div class="message" part="message" role=${this._state==="error"?"alert":"status"} ?hidden=${!p||f}>
        ${p&&!f?this._message:""}
      </div>
    `}};Qe.properties={...F.properties,color:{type:String},theme:{type:String},controls:{type:String},subtitles:{type:String},activeSubtitle:{type:String,attribute:"active-subtitle"},autoplay:{type:Boolean},muted:{type:Boolean},loop:{type:Boolean},poster:{type:String},quality:{type:String},start:{type:Number},metrics:{type:String},preferPlayback:{type:String,attribute:"prefer-playback"},codecs:{type:String},title:{type:String},_ended:{state:!0},_started:{state:!0},_hover:{state:!0},_themeCSS:{state:!0},_live:{state:!0}},Qe.hlsSrc="",Qe.livePoll=5e3,Qe.styles=te`:host{display:block;position:relative;width:100%;aspect-ratio:var(--reel-aspect-ratio,16 / 9);background:#000;border-radius:var(--reel-radius,0);overflow:hidden;contain:content}:host([hidden]){display:none}media-controller{width:100%;height:100%;--media-primary-color:var(--reel-control-color,#fff);--media-secondary-color:transparent;--media-accent-color:var(--reel-accent,#5b8cff);--media-range-bar-color:var(--reel-accent,#5b8cff);--media-control-background:var(--reel-control-background,transparent);--media-control-hover-background:rgb(255 255 255 / .12);--media-menu-background:rgb(20 20 24 / .92);--media-font-family:var(--reel-font-family,system-ui,sans-serif)}video{width:100%;height:100%;object-fit:contain}media-control-bar{width:100%;background:var(--reel-control-background,linear-gradient(transparent,rgb(0 0 0 / .55)))}media-time-range{flex:1;min-width:0}media-control-bar>:not(media-time-range){flex-shrink:0}media-controller:not([breakpointsm]) :is(media-volume-range,media-mute-button){display:none}media-control-bar.seek-row{display:none}media-controller:not([breakpointlg]) media-control-bar.seek-row{display:flex;background:linear-gradient(transparent,rgb(0 0 0 / .4))}media-controller:not([breakpointlg]) media-control-bar:not(.seek-row){background:rgb(0 0 0 / .4)}media-controller:not([breakpointlg]) media-control-bar:not(.seek-row) media-time-range{display:none}media-controller:not([breakpointlg]) media-time-display{margin-right:auto}media-controller:not([breakpointsm]){--media-control-padding:6px}media-poster-image{--media-object-fit:contain}media-controller>[id$='-menu']{z-index:2}media-captions-menu-button:not([mediasubtitleslist]),media-audio-track-menu-button[mediaaudiotrackunavailable],media-pip-button[mediapipunavailable],media-airplay-button[mediaairplayunavailable],media-rendition-menu-button[mediarenditionunavailable],media-fullscreen-button[mediafullscreenunavailable],media-volume-range[mediavolumeunavailable]{display:none}.title{align-self:stretch;margin:0;padding:.75em 1em 2.25em;color:#fff;font:600 15px/1.3 var(--reel-font-family,system-ui,sans-serif);text-shadow:0 1px 2px rgb(0 0 0 / .6);background:linear-gradient(rgb(0 0 0 / .6),rgb(0 0 0 / .25) 55%,transparent);white-space:nowrap;overflow:hidden;text-overflow:ellipsis;pointer-events:none}media-controller[breakpointmd] .title{font-size:18px;padding:1em 1.25em 2.5em}.big-play{position:absolute;left:50%;top:50%;translate:-50% -50%;box-sizing:border-box;display:grid;place-items:center;width:60px;height:60px;padding:0;border:0;border-radius:50%;background:var(--reel-accent,#5b8cff);color:var(--reel-big-play-color,#fff);box-shadow:0 6px 24px rgb(0 0 0 / .35);cursor:pointer;transition:scale .15s ease,filter .15s ease}media-controller[breakpointmd] .big-play{width:76px;height:76px}.big-play:hover{scale:1.07;filter:brightness(1.08)}.big-play:focus-visible{outline:3px solid #fff;outline-offset:3px}.big-play svg{width:44%;height:44%;margin-left:8%}.message{position:absolute;inset:0;display:flex;align-items:center;justify-content:center;padding:1.5em;text-align:center;color:var(--reel-message-color,#fff);background:var(--reel-message-background,rgb(0 0 0 / .7));font:1rem/1.4 var(--reel-font-family,system-ui,sans-serif);z-index:2}.end{position:absolute;inset:0;display:flex;align-items:center;justify-content:center;background:var(--reel-end-screen-background,rgb(0 0 0 / .6));color:#fff;z-index:1}.screen{position:absolute;inset:0;z-index:1;pointer-events:none}.screen ::slotted(*){pointer-events:auto}.end[hidden],.message[hidden]{display:none}[hidden]{display:none !important}`;le("reel-player",Qe);var pi=class extends F{constructor(){super();this._visible=!1;this._vio=null;this._mq=null;this._onMq=()=>this._reduced=!!this._mq?.matches;this.fit=null,this.alt=null,this._reduced=!1}connectedCallback(){super.connectedCallback(),this._mq=globalThis.matchMedia?.("(prefers-reduced-motion: reduce)")??null,this._reduced=!!this._mq?.matches,this._mq?.addEventListener("change",this._onMq),this._vio=new IntersectionObserver(t=>{this._visible=t.some(r=>r.isIntersecting),this._sync()},{threshold:.2}),this._vio.observe(this)}disconnectedCallback(){super.disconnectedCallback(),this._vio?.disconnect(),this._mq?.removeEventListener("change",this._onMq)}get media(){return this.shadowRoot?.querySelector("video")??null}async onInfo(t){await this.updateComplete,this._sync()}updated(){this._sync()}_sync(){let t=this.media;t&&(this._visible&&!this._reduced?t.play().catch(()=>{}):t.pause())}render(){let t=this._info;if(!t)return g;let r=this.alt??t.title??"";return this._reduced?_`<img part="poster" src=${t.urls.poster||void 0} alt=${r} />`:_`<video
      part="video"
      src=${t.urls.clip}
      poster=${t.urls.poster||void 0}
      muted
      .muted=${!0}
      loop
      playsinline
      disablepictureinpicture
      disableremoteplayback
      preload="metadata"
      crossorigin="anonymous"
      aria-label=${r}
      @playing=${()=>this.dispatchEvent(new Event("playing"))}
      @pause=${()=>this.dispatchEvent(new Event("pause"))}
    ></video>`}};pi.properties={...F.properties,fit:{type:String,reflect:!0},alt:{type:String},_reduced:{state:!0}},pi.styles=te`:host{display:inline-block;position:relative;overflow:hidden;width:320px;aspect-ratio:var(--reel-aspect-ratio,16 / 9);background:var(--reel-clip-background,#111)}:host([hidden]){display:none}video,img{display:block;width:100%;height:100%;object-fit:var(--reel-clip-fit,cover)}:host([fit='contain']) video,:host([fit='contain']) img{object-fit:contain}`;le("reel-clip",pi);var mi=class extends F{constructor(){super();this._player=null;this._chapters=[];this._onTime=()=>this._tick();this.language=null,this.player=null,this.autoscroll=null,this._cues=[],this._active=-1}disconnectedCallback(){super.disconnectedCallback(),this._unlink()}get cues(){return this._cues}willUpdate(t){super.willUpdate(t),t.has("language")&&this.hasUpdated&&this._info&&this.onInfo(this._info)}async onInfo(t){this._link();let r=t.urls.poster?t.urls.poster.replace(/poster\.jpg(\?.*)?$/,"transcript.json$1"):"",s=t.transcript||(r.includes("transcript.json")?r:""),a=[];try{let n=this.language,o=s?await Ut(s):null;if(n&&(!o||!ye(o.language,n))){let d=t.subtitles?.find(u=>ye(u.language,n));if(d){let u=await fetch(ve(d.url,this.token),{credentials:"omit"});u.ok&&(o={language:d.language,segments:Cn(await u.text())})}}a=o?.segments??[]}catch{a=[]}this._chapters=t.chapters||[],this._cues=a,this._tick()}_findPlayer(){let t=this.getRootNode();if(this.player)return t.querySelector(this.player)??document.querySelector(this.player);let r=`reel-player[embed="${CSS.escape(this.embed||"")}"]`;return t.querySelector(r)??document.querySelector(r)}_link(){let t=this._findPlayer();t!==this._player&&(this._unlink(),this._player=t,t?.addEventListener("timeupdate",this._onTime),t?.addEventListener("seeked",this._onTime))}_unlink(){this._player?.removeEventListener("timeupdate",this._onTime),this._player?.removeEventListener("seeked",this._onTime),this._player=null}_tick(){this._player||this._link();let t=this._player?.currentTime??0,r=xn(this._cues,t);r!==this._active&&(this._active=r,r>=0&&this.autoscroll!=="off"&&this.updateComplete.then(()=>{let s=this.shadowRoot?.querySelector(`li[data-i="${r}"]`);if(!s)return;let a=s.offsetTop-this.clientHeight/3;this.scrollTo({top:Math.max(0,a),behavior:"smooth"})}))}_seek(t){this._seekTo(t.start+.001),this.dispatchEvent(new CustomEvent("cue-click",{detail:t}))}_seekTo(t){this._link(),this._player&&(this._player.currentTime=t,this._player.paused&&this._player.play().catch(()=>{}))}render(){if(this._state==="error")return _`<p part="message" role="alert">${this._message}</p>`;if(!this._cues.length)return g;let t=new Map;for(let[r,s]of this._chapters.entries()){let a=this._chapters[r+1]?.start??1/0,n=this._cues.findIndex(o=>o.start+.001>=s.start&&o.start<a);n>=0&&t.set(n,[...t.get(n)||[],s])}return _`<ol part="list" aria-label="Transcript">
      ${this._cues.map((r,s)=>_`${(t.get(s)||[]).map(a=>_`<li class="ch" part="chapter">
                  <h3>
                    <button @click=${()=>this._seekTo(a.start)} aria-label=${`${Le(a.start)}: ${a.title}`}>
                      <span class="t" part="time">${Le(a.start)}</span><span>${a.title}</span>
                    </button>
                  </h3>
                </li>`)}<li data-i=${s} part=${s===this._active?"cue active":"cue"} aria-current=${s===this._active?"true":"false"}>
            <button @click=${()=>this._seek(r)} aria-label=${`${Le(r.start)}: ${r.text}`}>
              <span class="t" part="time">${Le(r.start)}</span><span>${r.text}</span>
            </button>
          </li>`)}
    </ol>`}};mi.properties={...F.properties,language:{type:String},player:{type:String},autoscroll:{type:String},_cues:{state:!0},_active:{state:!0}},mi.styles=te`:host{display:block;max-height:var(--reel-text-height,20em);overflow-y:auto;font:1rem/1.5 var(--reel-font-family,system-ui,sans-serif)}ol{list-style:none;margin:0;padding:0}button{all:inherit;display:flex;gap:.75em;width:100%;box-sizing:border-box;padding:.25em .5em;cursor:pointer;border-radius:4px}button:hover,button:focus-visible{background:rgb(127 127 127 / .15);outline:2px solid var(--reel-accent,#5b8cff)}li[aria-current='true'] button{background:color-mix(in srgb,var(--reel-accent,#5b8cff) 25%,transparent)}.ch h3{margin:.75em 0 .25em;font-size:1em;font-weight:650}li:first-child.ch h3{margin-top:0}.t{opacity:.6;font-variant-numeric:tabular-nums;min-width:3.5em}`;le("reel-text",mi);var fi=class extends F{constructor(){super();this._metrics=null;this.controls=null,this.color=null,this.autoplay=!1,this.loop=!1,this.start=null,this.metrics=null;let t=document.createElement("audio");t.setAttribute("slot","media"),t.setAttribute("crossorigin","anonymous"),t.setAttribute("preload","metadata");for(let r of["play","pause","ended","timeupdate","playing","seeked","loadedmetadata","volumechange","error"])t.addEventListener(r,()=>this.dispatchEvent(new Event(r)));this.media=t}async play(){return this._state!=="ready"&&await this.load(),this.media.play()}pause(){this.media.pause()}get currentTime(){return this.media.currentTime}set currentTime(t){this.media.currentTime=t}get duration(){return this.media.duration}get paused(){return this.media.paused}disconnectedCallback(){super.disconnectedCallback(),this._metrics?.destroy(),this._metrics=null}async onInfo(t){let r=this.media;r.loop=this.loop,r.src=t.urls.audio,this.start&&r.addEventListener("loadedmetadata",()=>r.currentTime=this.start||0,{once:!0}),this.metrics!=="off"&&(this._metrics?.destroy(),this._metrics=new ft({endpoint:`${ne(this)}/v1/events`,embed:t.embed}),this._metrics.attach(r)),this.autoplay&&r.play().catch(()=>{})}updated(t){super.updated(t),t.has("controls")&&xt(this.controls??"").has("rate")&&hi().catch(r=>console.warn("reel-audio: the rate button failed to load",r))}render(){let t=xt(this.controls??"play time seek volume");return _`<media-controller
      audio
      part="controller"
      novolumepref
      nomutedpref
      nosubtitleslangpref
      style=${this.color?`--reel-accent:${this.color}`:""}
      aria-label=${this._info?.title?`Audio: ${this._info.title}`:"Audio player"}
    >
      ${this.media}
      <media-control-bar part="control-bar">
        ${t.has("play")?_`<media-play-button></media-play-button>`:g}
        ${t.has("time")?_`<media-time-display showduration></media-time-display>`:g}
        ${t.has("seek")?_`<media-time-range></media-time-range>`:g}
        ${t.has("rate")?_`<media-playback-rate-button></media-playback-rate-button>`:g}
        ${t.has("volume")?_`<media-mute-button></media-mute-button><media-volume-range></media-volume-range>`:g}
      </media-control-bar>
    </media-controller>
    ${this._state==="error"||this._state==="processing"?_`<p part="message" role=${this._state==="error"?"alert":"status"}>${this._message}</p>`:g}`}};fi.properties={...F.properties,controls:{type:String},color:{type:String},autoplay:{type:Boolean},loop:{type:Boolean},start:{type:Number},metrics:{type:String}},fi.styles=te`:host{display:block;min-width:240px}media-controller{width:100%;--media-primary-color:var(--reel-control-color,#fff);--media-accent-color:var(--reel-accent,#5b8cff);--media-range-bar-color:var(--reel-accent,#5b8cff);--media-control-background:var(--reel-control-background,#222);border-radius:var(--reel-radius,6px);overflow:hidden}media-control-bar{width:100%}media-time-range{flex:1}p{margin:0;padding:.5em;font:.9rem system-ui,sans-serif}`;le("reel-audio",fi);var nr=null;function $c(){return nr||(nr=import(Ye.tusSrc||new URL("./tus.js",import.meta.url).href),nr.catch(()=>nr=null)),nr}var Ye=class extends oe{constructor(){super();this._upload=null;this._file=null;this._video=null;this._embed=null;this.token=null,this.api=null,this.endpoint=null,this.accept="video/*,audio/*",this.videoTitle="",this.collection=null,this.chunkSize=null,this.follow=null,this._state="idle",this._sent=0,this._total=0,this._message="",this._drag=!1}get state(){return this._state}get video(){return{video:this._video,embed:this._embed}}disconnectedCallback(){super.disconnectedCallback(),clearTimeout(this._pollTimer)}async upload(t){this._upload?.abort().catch(()=>{}),this._upload=null,clearTimeout(this._pollTimer),this._file=t,this._video=this._embed=null,this._sent=0,this._total=t.size,this._message="";let r=this.endpoint||`${ne(this)}/v1/uploads`,s={filename:t.name,filetype:t.type||"application/octet-stream"};s.title=this.videoTitle||t.name.replace(/\.[^.]+$/,""),this.collection&&(s.collection=this.collection),this._state="uploading";let a;try{({createUpload:a}=await $c())}catch{this._state="error",this._message="The uploader could not be loaded. Check your connection and retry.",this.dispatchEvent(new CustomEvent("error",{detail:{code:"network",status:0,message:this._message}}));return}this._file===t&&(this._upload=a(t,{endpoint:r,headers:this.token?{Authorization:`Bearer ${this.token}`}:{},metadata:s,chunkSize:this.chunkSize||8*1024*1024,retryDelays:[0,1e3,3e3,5e3,1e4],onShouldRetry:n=>{let o=n.originalResponse?.getStatus()??0;return o===0||o===409||o===423||o===429||o>=500},onAfterResponse:(n,o)=>{let d=o.getHeader("Reel-Video-Id"),u=o.getHeader("Reel-Video-Embed");d&&(this._video=d),u&&(this._embed=u)},onProgress:(n,o)=>{this._sent=n,this._total=o,this.dispatchEvent(new CustomEvent("progress",{detail:{sent:n,total:o}}))},onSuccess:()=>{this._state="processing",this.dispatchEvent(new CustomEvent("success",{detail:{video:this._video,embed:this._embed}})),this._follow(0)},onError:n=>{let o=n.originalResponse,d=o?.getStatus()??0,u=d===401?"unauthorized":d===413?"payload_too_large":d?"http_"+d:"network",f="";try{let p=JSON.parse(o?.getBody?.()||"{}");p.code&&(u=p.code),typeof p.detail=="string"&&(f=p.detail)}catch{}this._state="error",this._message=d===401||d===403?"The upload was refused: the upload token is missing, invalid or expired.":d===413?"This file is too large.":d===0?"The upload was interrupted. Check your connection and retry.":f?`The upload failed: ${f}`:`The upload failed (${d}).`,this.dispatchEvent(new CustomEvent("error",{detail:{code:u,status:d,message:this._message}}))}}),this.dispatchEvent(new CustomEvent("upload-start",{detail:{file:t}})),this._upload.start())}pause(){this._state!=="uploading"||!this._upload||(this._state="paused",this._upload.abort())}resume(){this._state!=="paused"||!this._upload||(this._state="uploading",this._upload.start())}retry(){this._state==="error"&&(!this._upload&&this._file?this.upload(this._file):this._upload&&this._file&&(this._state="uploading",this._message="",this._upload.start()))}cancel(){this._upload?.abort(!0).catch(()=>{}),this._upload=null,clearTimeout(this._pollTimer),this._state="idle"}_again(){this._upload=null,this._file=null,clearTimeout(this._pollTimer),this._state="idle"}_follow(t){if(this.follow==="off"||!this._embed)return;let r=this._embed;this._pollTimer=setTimeout(async()=>{try{let s=await We(ne(this),r,null,!0);if(s.playable){this._state="playable",this.dispatchEvent(new CustomEvent("playable",{detail:{video:this._video,embed:r,info:s}}));return}if(s.state==="errored"){this._state="error",this._message="The video could not be processed.",this.dispatchEvent(new CustomEvent("error",{detail:{code:"processing_failed",message:this._message}}));return}}catch(s){if(s instanceof U&&(s.status===401||s.status===403))return;if(s instanceof U&&s.status===404&&t>5){this._state="error",this._message=ct(s);return}}this._follow(t+1)},Dt(t,this.constructor.pollBase,15e3))}_pick(){this.shadowRoot?.querySelector("input[type=file]")?.click()}_onDrop(t){t.preventDefault(),this._drag=!1;let r=t.dataTransfer?.files?.[0];r&&this.upload(r)}render(){let t=this._state,r=this._total?Math.floor(this._sent/this._total*100):0,s=this._file?.name||"",a=(o,d,u=g)=>_`<div class="file" part="file">
        <div class="file-head"><span class="name" title=${s}>${s}</span>${u}</div>
        ${o}
        <div class="meta">${d}</div>
      </div>`,n=a(_`<progress part="progress" max="100" value=${r} aria-label="Upload progress"></progress>`,_`<span aria-live="polite">${Ct(this._sent)} of ${Ct(this._total)}</span>`,_`<span class="pct">${r}%</span>`);return _`
      <input type="file" accept=${this.accept} hidden @change=${o=>{let d=o.target,u=d.files?.[0];u&&this.upload(u),d.value=""}} />
      <div
        class="zone ${this._drag?"drag":""}"
        part="dropzone"
        @dragover=${o=>{o.preventDefault(),this._drag=!0}}
        @dragleave=${()=>this._drag=!1}
        @drop=${this._onDrop}
      >
        <div ?hidden=${t!=="idle"}>
          <slot name="idle">
            <span class="icon" aria-hidden="true">
              <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">
                <path d="M12 15V4m0 0-4 4m4-4 4 4" />
                <path d="M4 15v3a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-3" />
              </svg>
            </span>
            <p class="lead">Drop a video here</p>
            <p class="hint">or</p>
            <button class="primary" part="button primary-button" @click=${this._pick}>Choose a file</button>
          </slot>
        </div>
        <div ?hidden=${t!=="uploading"}>
          <slot name="uploading">${t==="uploading"?n:g}</slot>
          <div class="actions">
            <button part="button" data-action="pause" @click=${()=>this.pause()}>Pause</button>
          </div>
        </div>
        <div ?hidden=${t!=="paused"}>
          <slot name="paused">${t==="paused"?n:g}<p class="status">Paused</p></slot>
          <div class="actions">
            <button class="primary" part="button" data-action="resume" @click=${()=>this.resume()}>Resume</button>
          </div>
        </div>
        <div ?hidden=${t!=="processing"}>
          <slot name="processing">
            ${t==="processing"?a(_`<progress part="progress" aria-label="Processing"></progress>`,_`${Ct(this._total)} uploaded`):g}
            <p class="status" role="status">Uploaded. Processing…</p>
          </slot>
        </div>
        <div ?hidden=${t!=="playable"}>
          <slot name="playable">
            <p class="status ok" role="status">Ready to play.</p>
            ${s?_`<p class="hint">${s}</p>`:g}
          </slot>
          <div class="actions">
            <button part="button" data-action="another" @click=${this._again}>Upload another</button>
          </div>
        </div>
        <div ?hidden=${t!=="error"}>
          <slot name="error"><p class="status bad" role="alert">${this._message}</p></slot>
          <div class="actions">
            <button class="primary" part="button" data-action="retry" @click=${()=>this.retry()}>Retry</button>
            <button part="button" data-action="cancel" @click=${()=>this.cancel()}>Cancel</button>
          </div>
        </div>
      </div>
    `}};Ye.properties={token:{type:String},api:{type:String},endpoint:{type:String},accept:{type:String},videoTitle:{type:String,attribute:"video-title"},collection:{type:String},chunkSize:{type:Number,attribute:"chunk-size"},follow:{type:String},_state:{state:!0},_sent:{state:!0},_total:{state:!0},_message:{state:!0},_drag:{state:!0}},Ye.pollBase=1e3,Ye.tusSrc="",Ye.styles=te`:host{display:block;font:1rem/1.45 var(--reel-font-family,system-ui,sans-serif);--_accent:var(--reel-accent,#5b8cff)}.zone{box-sizing:border-box;min-height:12em;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:.75em;border:2px dashed var(--reel-upload-border,color-mix(in srgb,currentColor 28%,transparent));border-radius:var(--reel-radius,12px);padding:2em 1.25em;text-align:center;background:var(--reel-upload-background,color-mix(in srgb,currentColor 3%,transparent))}.zone:hover{border-color:color-mix(in srgb,var(--_accent) 60%,transparent)}.zone.drag{border-color:var(--_accent);border-style:solid;background:color-mix(in srgb,var(--_accent) 12%,transparent)}.zone>div{width:100%;display:flex;flex-direction:column;align-items:center;gap:.75em}.icon{width:52px;height:52px;border-radius:50%;display:grid;place-items:center;color:var(--_accent);background:color-mix(in srgb,var(--_accent) 14%,transparent)}.icon svg{width:26px;height:26px}p{margin:0}.lead{font-weight:600}.hint,.meta{font-size:.875em;opacity:.7}button{font:inherit;font-weight:600;font-size:.9375em;padding:.55em 1.25em;border-radius:999px;border:1px solid color-mix(in srgb,currentColor 25%,transparent);background:transparent;color:inherit;cursor:pointer}button:hover{border-color:var(--_accent)}button:focus-visible{outline:2px solid var(--_accent);outline-offset:2px}button.primary{border-color:transparent;background:var(--_accent);color:#fff}button.primary:hover{filter:brightness(1.08)}.file{box-sizing:border-box;width:min(100%,34em);text-align:left;display:grid;grid-template-columns:minmax(0,1fr);gap:.45em}.file-head{display:flex;gap:.75em;align-items:baseline}.name{flex:1;min-width:0;font-weight:600;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}.pct{font-variant-numeric:tabular-nums;font-weight:600;color:var(--_accent)}progress{appearance:none;width:100%;height:8px;border:0;border-radius:999px;overflow:hidden;background:color-mix(in srgb,currentColor 12%,transparent);accent-color:var(--_accent)}progress::-webkit-progress-bar{background:color-mix(in srgb,currentColor 12%,transparent);border-radius:999px}progress::-webkit-progress-value{background:var(--_accent);border-radius:999px}progress::-moz-progress-bar{background:var(--_accent);border-radius:999px}.actions{display:flex;flex-wrap:wrap;justify-content:center;gap:.5em}.status{font-weight:600}.status.ok{color:#1f9d55}.status.bad{color:#d93b3b}[hidden]{display:none !important}`;le("reel-upload",Ye);function za(i){return!!i.state&&i.state!=="ready"}var Ml=i=>i.state==="processing"?"Processing…":i.state,Mt=class extends oe{constructor(){super();this._io=null;this._visible=!1;this._refreshing=!1;this.token=null,this.api=null,this.collection=null,this.order=null,this.limit=null,this.player=null,this.poll=null,this._items=[],this._broken=new Set,this._cursor=null,this._busy=!1,this._error="",this._selected=null}get items(){return this._items}connectedCallback(){super.connectedCallback(),typeof IntersectionObserver<"u"?(this._io=new IntersectionObserver(t=>{this._visible=t.some(r=>r.isIntersecting),this._visible&&this._schedule()}),this._io.observe(this)):this._visible=!0,this.hasUpdated&&this._schedule()}disconnectedCallback(){super.disconnectedCallback(),clearTimeout(this._pollTimer),this._pollTimer=void 0,this._io?.disconnect(),this._io=null}willUpdate(t){["token","api","collection","order","limit"].some(r=>t.has(r))&&(this._items=[],this._cursor=null,this.more(!0)),t.has("poll")&&this._schedule()}_interval(){let t=(this.poll??"").trim().toLowerCase(),r=t===""?20:t==="off"?0:Number(t);return!Number.isFinite(r)||r<=0?0:this._items.some(za)?Math.min(r,this.constructor.processingPoll):this._visible?r:0}_schedule(){clearTimeout(this._pollTimer),this._pollTimer=void 0;let t=this._interval();!this.isConnected||!t||(this._pollTimer=setTimeout(async()=>{this._pollTimer=void 0,(typeof document>"u"||document.visibilityState!=="hidden")&&await this.refresh(),this._schedule()},t*1e3))}async refresh(){if(this._busy||this._refreshing)return;this._refreshing=!0;let t=this._query(null);try{let r=await Ut(t);if(t!==this._query(null))return;this._merge(r.data,r.next_cursor||null),this._error=""}catch{}finally{this._refreshing=!1}}_merge(t,r){let s=new Set(t.map(d=>d.embed)),a=t[t.length-1],n=this.order==="created_asc",o=r&&a?this._items.filter(d=>{if(s.has(d.embed))return!1;let u=Date.parse(d.created_at)-Date.parse(a.created_at);return n?u>0:u<0}):[];this._items=[...t,...o],o.length||(this._cursor=r)}_query(t){let r=new URLSearchParams;this.collection&&r.set("collection",this.collection),this.order&&r.set("order",this.order),this.limit&&r.set("limit",String(this.limit)),t&&r.set("cursor",t);let s=r.toString();return ve(`${ne(this)}/v1/list${s?"?"+s:""}`,this.token)}async more(t=!1){if(!(this._busy||!t&&!this._cursor)){this._busy=!0;try{let r=await Ut(this._query(t?null:this._cursor));this._items=t?r.data:[...this._items,...r.data],this._cursor=r.next_cursor||null,this._error=""}catch(r){let s=r instanceof U?r:new U(0,"network",String(r));this._error=s.code==="not_found"?"Nothing to show.":ct(s),this.dispatchEvent(new CustomEvent("reel-error",{detail:{code:s.code,status:s.status,message:this._error}}))}finally{this._busy=!1,this._schedule()}}}_select(t){if(this._selected=t.embed,this.player){let r=document.querySelector(this.player);r&&(r.setAttribute("embed",t.embed),this.token&&!r.hasAttribute("token")&&r.setAttribute("token",this.token))}this.dispatchEvent(new CustomEvent("select",{detail:t}))}_fromTemplate(t,r){let s=t.content.cloneNode(!0);for(let a of Array.from(s.querySelectorAll("[data-field]"))){let n=a.dataset.field;n==="poster"&&a instanceof HTMLImageElement?(r.poster?a.src=ve(r.poster,this.token):a.hidden=!0,a.alt||(a.alt=r.title||"")):n==="duration"?a.textContent=Le(r.duration):n==="state"?a.textContent=za(r)?Ml(r):"":n==="created_at"?a.textContent=new Date(r.created_at).toLocaleDateString():a.textContent=String(r[n]??"")}return s}_tile(t){let r=za(t),s=t.poster&&!this._broken.has(t.embed)?ve(t.poster,this.token):"";return _`<span class="thumb" part="thumb">
        ${s?_`<img
              part="poster"
              src=${s}
              alt=""
              loading="lazy"
              @error=${()=>this._broken=new Set(this._broken).add(t.embed)}
            />`:_`<span class="placeholder" part="placeholder">
              ${r?_`<span class="spin" aria-hidden="true"></span>`:_`<svg viewBox="0 0 24 24" aria-hidden="true"><path fill="currentColor" d="M6 4.2v15.6a1 1 0 0 0 1.5.86l13-7.8a1 1 0 0 0 0-1.72l-13-7.8A1 1 0 0 0 6 4.2z" /></svg>`}
            </span>`}
        ${r?_`<span class="badge state" part="state">${Ml(t)}</span>`:g}
        ${t.duration>0?_`<span class="badge duration" part="duration">${Le(t.duration)}</span>`:g}
      </span>
      <span class="title" part="title">${t.title||"Untitled"}</span>`}render(){let t=this.querySelector(":scope > template");return _`
      ${this._error?_`<p class="message" part="message" role="alert">${this._error}</p>`:g}
      <ul part="list">
        ${this._items.map(r=>_`<li>
            <button
              class="item"
              part=${r.embed===this._selected?"item selected":"item"}
              aria-pressed=${r.embed===this._selected?"true":"false"}
              data-embed=${r.embed}
              data-state=${r.state||"ready"}
              @click=${()=>this._select(r)}
            >
              ${t?this._fromTemplate(t,r):this._tile(r)}
            </button>
          </li>`)}
      </ul>
      ${this._cursor?_`<button class="more" part="more" ?disabled=${this._busy} @click=${()=>this.more()}>More</button>`:g}
    `}};Mt.properties={token:{type:String},api:{type:String},collection:{type:String},order:{type:String},limit:{type:Number},player:{type:String},poll:{type:String},_items:{state:!0},_broken:{state:!0},_cursor:{state:!0},_busy:{state:!0},_error:{state:!0},_selected:{state:!0}},Mt.styles=te`:host{display:block;font:1rem/1.4 var(--reel-font-family,system-ui,sans-serif);--_accent:var(--reel-accent,#5b8cff);--_radius:var(--reel-radius,10px)}ul{list-style:none;margin:0;padding:0;display:grid;gap:1.25em 1em;grid-template-columns:repeat(auto-fill,minmax(min(100%,var(--reel-list-item-width,220px)),1fr))}button.item{all:unset;box-sizing:border-box;display:flex;flex-direction:column;gap:.5em;width:100%;cursor:pointer;border-radius:var(--_radius)}button.item:focus-visible{outline:2px solid var(--_accent);outline-offset:3px}.thumb{position:relative;display:block;aspect-ratio:16 / 9;border-radius:var(--_radius);overflow:hidden;background:#1d2027}button.item:hover img{filter:brightness(1.1)}button.item[aria-pressed='true'] .thumb{box-shadow:0 0 0 2px var(--_accent),0 0 0 4px color-mix(in srgb,var(--_accent) 30%,transparent)}img{width:100%;height:100%;object-fit:cover;display:block}.placeholder{position:absolute;inset:0;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:.4em;color:rgb(255 255 255 / .75);font-size:.8125em;background:radial-gradient(circle at 30% 20%,color-mix(in srgb,var(--_accent) 28%,#1d2027),#14161b 70%)}.placeholder svg{width:28px;height:28px;opacity:.85}.spin{width:22px;height:22px;border:2.5px solid rgb(255 255 255 / .25);border-top-color:currentColor;border-radius:50%;animation:spin 1.2s linear infinite}@keyframes spin{to{transform:rotate(360deg)}}@media (prefers-reduced-motion:reduce){.spin{animation:none}}.badge{position:absolute;padding:.15em .45em;border-radius:4px;font-size:.75em;font-weight:600;line-height:1.4;color:#fff;background:rgb(0 0 0 / .72);font-variant-numeric:tabular-nums}.duration{right:.5em;bottom:.5em}.state{left:.5em;top:.5em;background:var(--_accent)}.title{display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical;overflow:hidden;font-weight:600;font-size:.9375em;line-height:1.35;overflow-wrap:anywhere}.more{display:block;margin:1.25em auto 0;padding:.55em 1.4em;border:1px solid color-mix(in srgb,currentColor 25%,transparent);border-radius:999px;background:transparent;color:inherit;font:inherit;font-weight:600;cursor:pointer}.more:hover,.more:focus-visible{border-color:var(--_accent);color:var(--_accent)}.message{margin:0 0 1em;opacity:.8}`,Mt.processingPoll=5;le("reel-list",Mt);var Nc={sd:"SD",hd:"HD",fhd:"Full HD",qhd:"QHD",uhd:"4K"},Hc={h264:"H.264",hevc:"HEVC",av1:"AV1"},Bc=["renditions","audio","subtitles","original"],Fc=i=>i+(i.includes("?")?"&":"?")+"download",vi=class extends F{constructor(){super(),this.renditions=null,this.include=null}render(){if(this._state==="error"||this._state==="processing")return _`<p part="message" role=${this._state==="error"?"alert":"status"}>${this._message}</p>`;let e=this._info;if(!e)return g;let t=new Set((this.include||Bc.join(" ")).split(/[\s,]+/)),r=(o,d,u,f)=>_`<li>
        <a part="link" href=${Fc(d)} download data-kind=${o}>${u}</a
        >${f?_`<span class="size" part="size">${Ct(f)}</span>`:g}
      </li>`,s=e.subtitles||[],a=_i(s),n=new Set((e.renditions||[]).map(o=>o.name.split("_")[0]));return _`<ul part="list">
      ${t.has("renditions")?Dn(e.renditions||[],this.renditions).map(o=>{let d=o.name.split("_").pop()||o.name,u=o.name.split("_")[0],f=n.size>1?` ${Hc[u]??u}`:"";return r("rendition",o.url,`${Nc[d]??o.name}${f} (${o.width}×${o.height})`,o.size)}):g}
      ${t.has("audio")&&e.urls.audio?r("audio",e.urls.audio,"Audio (M4A)"):g}
      ${t.has("subtitles")?s.map((o,d)=>r("subtitles",o.url,`Subtitles: ${a[d]} (VTT)`)):g}
      ${t.has("original")&&e.urls.original?r("original",e.urls.original,"Original"):g}
    </ul>`}};vi.properties={...F.properties,renditions:{type:String},include:{type:String}},vi.styles=te`:host{display:block;font:1rem/1.5 var(--reel-font-family,system-ui,sans-serif)}ul{list-style:none;margin:0;padding:0}a{color:var(--reel-accent,inherit)}.size{opacity:.7;margin-inline-start:.5em}`;le("reel-files",vi);Un(import.meta.url);export{F as EmbedElement,Il as MEDIA_EVENTS,ft as Metrics,fi as ReelAudio,pi as ReelClip,U as ReelError,vi as ReelFiles,Mt as ReelList,Qe as ReelPlayer,mi as ReelText,Ye as ReelUpload,ct as describeError,We as lookupEmbed};
