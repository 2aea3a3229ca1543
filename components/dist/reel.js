var qn=i=>{throw TypeError(i)};var Kn=(i,e,t)=>e.has(i)||qn("Cannot "+t);var Gn=(i,e,t)=>(Kn(i,e,"read from private field"),t?t.call(i):e.get(i)),zn=(i,e,t)=>e.has(i)?qn("Cannot add the same private member more than once"):e instanceof WeakSet?e.add(i):e.set(i,t),Yn=(i,e,t,r)=>(Kn(i,e,"write to private field"),r?r.call(i,t):e.set(i,t),t);function Dt(i){(!Number.isFinite(i)||i<0)&&(i=0);let e=Math.floor(i%60),t=Math.floor(i/60%60),r=Math.floor(i/3600),s=String(e).padStart(2,"0");return r>0?`${r}:${String(t).padStart(2,"0")}:${s}`:`${t}:${s}`}function bi(i){if(!Number.isFinite(i)||i<0)return"";if(i<1e3)return`${i} B`;let e=["kB","MB","GB","TB"],t=i,r=-1;do t/=1e3,r++;while(t>=1e3&&r<e.length-1);return`${t<10?t.toFixed(1):Math.round(t)} ${e[r]}`}var Zn=["play","time","seek","volume","subtitles","fullscreen"],Ed=[...Zn,"audiotracks","rate","pip"];function yi(i){if(i==null)return new Set([...Zn,"audiotracks"]);let e=new Set(i.toLowerCase().split(/[\s,]+/).filter(Boolean));return new Set(Ed.filter(t=>e.has(t)))}var Qn={sd:640,hd:1280,fhd:1920,qhd:2560,uhd:3840};function jn(i){if(!i)return 1/0;let e=i.trim().toLowerCase().replace(/^h264_/,"");if(e in Qn)return Qn[e];let t=parseInt(e,10);return Number.isFinite(t)&&t>0?t:1/0}function Jn(i,e){if(!Number.isFinite(e))return-1;let t=-1,r=-1,s=-1,a=1/0;return i.forEach((n,o)=>{let d=Math.max(n.width||0,n.height||0);d<=e&&d>r&&(t=o,r=d),d<a&&(s=o,a=d)}),t>=0?t:s}function Vs(i,e,t,r){let s=(e||"all").trim().toLowerCase(),a=i.find(p=>r&&we(p.language,r))||i[0],n;if(s==="off")n=[];else if(s==="all")n=i.slice();else if(s==="original")n=a?[a]:[];else{let p=s.split(/[\s,]+/);n=i.filter(E=>p.some(h=>we(E.language,h)))}let o=null,d=(t||"").trim().toLowerCase();return d==="original"?o=a&&n.includes(a)?a.language:null:d&&d!=="off"&&(o=n.find(p=>we(p.language,d))?.language??null),{offered:n,active:o}}function we(i,e){let t=i.toLowerCase(),r=e.toLowerCase();return t===r||t.split("-")[0]===r.split("-")[0]}function br(i,e=1e3,t=3e4){return Math.min(t,Math.round(e*Math.pow(1.6,i)))}function oe(i,e){return!i||!e||/[?&]token=/.test(i)?i:i+(i.includes("?")?"&":"?")+"token="+encodeURIComponent(e)}function eo(i,e,t){let r=String(Math.max(0,Math.round(e*1e3)/1e3)),s=i;if(s.includes("{time}")?s=s.replace("{time}",r):s+=(s.includes("?")?"&":"?")+"time="+r,t&&t>=16){let a=String(Math.min(3840,Math.round(t)));s.includes("{width}")?s=s.replace("{width}",a):s+="&width="+a}else s=s.replace(/[?&]width=\{width\}/,"").replace("{width}","");return s}function to(i){if(i==null)return null;let e=i.trim();return/^\d+(\.\d+)?s?$/.test(e)?parseFloat(e):null}function Xn(i){return i.trim().replace(",",".").split(":").map(Number).reduce((t,r)=>t*60+r,0)}function io(i){let e=[],t=i.replace(/\r\n?/g,`
`).split(/\n{2,}/);for(let r of t){let s=r.split(`
`),a=s.findIndex(h=>h.includes("-->"));if(a<0)continue;let[n,o]=s[a].split("-->"),d=Xn(n),p=Xn(o.trim().split(/\s+/)[0]),E=s.slice(a+1).join(`
`).replace(/<[^>]*>/g,"").trim();Number.isFinite(d)&&Number.isFinite(p)&&e.push({start:d,end:p,text:E})}return e}function ro(i,e){let t=-1;for(let r=0;r<i.length&&(i[r].start<=e&&e<i[r].end&&(t=r),!(i[r].start>e));r++);return t}function so(i,e){let t=(e||"").split(/[\s,]+/).filter(Boolean);return t.length?t.map(r=>i.find(s=>s.name===r)).filter(r=>!!r):i.slice()}var $=class extends Error{constructor(t,r,s){super(s);this.status=t;this.code=r;this.name="ReelError"}};function lt(i){if(i instanceof $){switch(i.code){case"not_found":return"This video is not available. It may have been archived or deleted.";case"token_expired":return"The link to this video has expired. Reload the page to get a new one.";case"token_invalid":return"This video is private: a valid playback token is needed to watch it.";case"unauthorized":return"This video is private: a playback token is needed to watch it.";case"forbidden":return"This video may not be played on this site.";case"network":return"The video could not be loaded. Check your connection.";case"media":return i.message||"The video could not be played."}return i.message||`The video could not be loaded (${i.status}).`}return"The video could not be loaded."}var Ai=null;function ao(i){try{let e=new URL(i);/\/cdn\/[^/]*$/.test(e.pathname)?Ai=new URL("..",e).href.replace(/\/$/,""):(e.protocol==="http:"||e.protocol==="https:")&&(Ai=null)}catch{Ai=null}}function ge(i){let e=i.api,t=typeof e=="string"&&e?e:i.getAttribute("api");if(t)return t.replace(/\/$/,"");let r=i.closest("[data-reel-api]");return r?(r.getAttribute("data-reel-api")||"").replace(/\/$/,""):Ai||location.origin}async function gd(i){let e=i.status===404?"not_found":i.status===401?"unauthorized":"http_"+i.status,t=i.statusText;try{let r=await i.json();r&&typeof r.code=="string"&&(e=r.code),r&&(r.detail||r.title)&&(t=r.detail||r.title)}catch{}return new $(i.status,e,t)}async function Ti(i,e){let t;try{t=await fetch(i,{signal:e,credentials:"omit",headers:{accept:"application/json"}})}catch(r){throw r?.name==="AbortError"?r:new $(0,"network",String(r?.message||r))}if(!t.ok)throw await gd(t);return await t.json()}var yr=new Map;function Si(i,e,t,r=!1){let s=oe(`${i}/v1/embeds/${encodeURIComponent(e)}`,t),a=yr.get(s);if(a&&!r)return a;let n=Ti(s).then(o=>(o.playable||yr.delete(s),o));return n.catch(()=>yr.delete(s)),yr.set(s,n),n}function no(i,e){if(!e)return i;let t={...i.urls};for(let r of Object.keys(t)){let s=t[r];typeof s=="string"&&s&&(t[r]=oe(s,e))}return{...i,urls:t,poster:oe(i.poster,e),transcript:i.transcript?oe(i.transcript,e):i.transcript,renditions:(i.renditions||[]).map(r=>({...r,url:oe(r.url,e)})),subtitles:(i.subtitles||[]).map(r=>({...r,url:oe(r.url,e)}))}}var Ar=globalThis,Tr=Ar.ShadowRoot&&(Ar.ShadyCSS===void 0||Ar.ShadyCSS.nativeShadow)&&"adoptedStyleSheets"in Document.prototype&&"replace"in CSSStyleSheet.prototype,qs=Symbol(),oo=new WeakMap,ki=class{constructor(e,t,r){if(this._$cssResult$=!0,r!==qs)throw Error("CSSResult is not constructable. Use `unsafeCSS` or `css` instead.");this.cssText=e,this.t=t}get styleSheet(){let e=this.o,t=this.t;if(Tr&&e===void 0){let r=t!==void 0&&t.length===1;r&&(e=oo.get(t)),e===void 0&&((this.o=e=new CSSStyleSheet).replaceSync(this.cssText),r&&oo.set(t,e))}return e}toString(){return this.cssText}},lo=i=>new ki(typeof i=="string"?i:i+"",void 0,qs),te=(i,...e)=>{let t=i.length===1?i[0]:e.reduce((r,s,a)=>r+(n=>{if(n._$cssResult$===!0)return n.cssText;if(typeof n=="number")return n;throw Error("Value passed to 'css' function must be a 'css' function result: "+n+". Use 'unsafeCSS' to pass non-literal values, but take care to ensure page security.")})(s)+i[a+1],i[0]);return new ki(t,i,qs)},co=(i,e)=>{if(Tr)i.adoptedStyleSheets=e.map(t=>t instanceof CSSStyleSheet?t:t.styleSheet);else for(let t of e){let r=document.createElement("style"),s=Ar.litNonce;s!==void 0&&r.setAttribute("nonce",s),r.textContent=t.cssText,i.appendChild(r)}},Ks=Tr?i=>i:i=>i instanceof CSSStyleSheet?(e=>{let t="";for(let r of e.cssRules)t+=r.cssText;return lo(t)})(i):i;var{is:_d,defineProperty:bd,getOwnPropertyDescriptor:yd,getOwnPropertyNames:Ad,getOwnPropertySymbols:Td,getPrototypeOf:Sd}=Object,Sr=globalThis,uo=Sr.trustedTypes,kd=uo?uo.emptyScript:"",wd=Sr.reactiveElementPolyfillSupport,wi=(i,e)=>i,Gs={toAttribute(i,e){switch(e){case Boolean:i=i?kd:null;break;case Object:case Array:i=i==null?i:JSON.stringify(i)}return i},fromAttribute(i,e){let t=i;switch(e){case Boolean:t=i!==null;break;case Number:t=i===null?null:Number(i);break;case Object:case Array:try{t=JSON.parse(i)}catch{t=null}}return t}},po=(i,e)=>!_d(i,e),ho={attribute:!0,type:String,converter:Gs,reflect:!1,useDefault:!1,hasChanged:po};Symbol.metadata??=Symbol("metadata"),Sr.litPropertyMetadata??=new WeakMap;var Fe=class extends HTMLElement{static addInitializer(e){this._$Ei(),(this.l??=[]).push(e)}static get observedAttributes(){return this.finalize(),this._$Eh&&[...this._$Eh.keys()]}static createProperty(e,t=ho){if(t.state&&(t.attribute=!1),this._$Ei(),this.prototype.hasOwnProperty(e)&&((t=Object.create(t)).wrapped=!0),this.elementProperties.set(e,t),!t.noAccessor){let r=Symbol(),s=this.getPropertyDescriptor(e,r,t);s!==void 0&&bd(this.prototype,e,s)}}static getPropertyDescriptor(e,t,r){let{get:s,set:a}=yd(this.prototype,e)??{get(){return this[t]},set(n){this[t]=n}};return{get:s,set(n){let o=s?.call(this);a?.call(this,n),this.requestUpdate(e,o,r)},configurable:!0,enumerable:!0}}static getPropertyOptions(e){return this.elementProperties.get(e)??ho}static _$Ei(){if(this.hasOwnProperty(wi("elementProperties")))return;let e=Sd(this);e.finalize(),e.l!==void 0&&(this.l=[...e.l]),this.elementProperties=new Map(e.elementProperties)}static finalize(){if(this.hasOwnProperty(wi("finalized")))return;if(this.finalized=!0,this._$Ei(),this.hasOwnProperty(wi("properties"))){let t=this.properties,r=[...Ad(t),...Td(t)];for(let s of r)this.createProperty(s,t[s])}let e=this[Symbol.metadata];if(e!==null){let t=litPropertyMetadata.get(e);if(t!==void 0)for(let[r,s]of t)this.elementProperties.set(r,s)}this._$Eh=new Map;for(let[t,r]of this.elementProperties){let s=this._$Eu(t,r);s!==void 0&&this._$Eh.set(s,t)}this.elementStyles=this.finalizeStyles(this.styles)}static finalizeStyles(e){let t=[];if(Array.isArray(e)){let r=new Set(e.flat(1/0).reverse());for(let s of r)t.unshift(Ks(s))}else e!==void 0&&t.push(Ks(e));return t}static _$Eu(e,t){let r=t.attribute;return r===!1?void 0:typeof r=="string"?r:typeof e=="string"?e.toLowerCase():void 0}constructor(){super(),this._$Ep=void 0,this.isUpdatePending=!1,this.hasUpdated=!1,this._$Em=null,this._$Ev()}_$Ev(){this._$ES=new Promise(e=>this.enableUpdating=e),this._$AL=new Map,this._$E_(),this.requestUpdate(),this.constructor.l?.forEach(e=>e(this))}addController(e){(this._$EO??=new Set).add(e),this.renderRoot!==void 0&&this.isConnected&&e.hostConnected?.()}removeController(e){this._$EO?.delete(e)}_$E_(){let e=new Map,t=this.constructor.elementProperties;for(let r of t.keys())this.hasOwnProperty(r)&&(e.set(r,this[r]),delete this[r]);e.size>0&&(this._$Ep=e)}createRenderRoot(){let e=this.shadowRoot??this.attachShadow(this.constructor.shadowRootOptions);return co(e,this.constructor.elementStyles),e}connectedCallback(){this.renderRoot??=this.createRenderRoot(),this.enableUpdating(!0),this._$EO?.forEach(e=>e.hostConnected?.())}enableUpdating(e){}disconnectedCallback(){this._$EO?.forEach(e=>e.hostDisconnected?.())}attributeChangedCallback(e,t,r){this._$AK(e,r)}_$ET(e,t){let r=this.constructor.elementProperties.get(e),s=this.constructor._$Eu(e,r);if(s!==void 0&&r.reflect===!0){let a=(r.converter?.toAttribute!==void 0?r.converter:Gs).toAttribute(t,r.type);this._$Em=e,a==null?this.removeAttribute(s):this.setAttribute(s,a),this._$Em=null}}_$AK(e,t){let r=this.constructor,s=r._$Eh.get(e);if(s!==void 0&&this._$Em!==s){let a=r.getPropertyOptions(s),n=typeof a.converter=="function"?{fromAttribute:a.converter}:a.converter?.fromAttribute!==void 0?a.converter:Gs;this._$Em=s;let o=n.fromAttribute(t,a.type);this[s]=o??this._$Ej?.get(s)??o,this._$Em=null}}requestUpdate(e,t,r,s=!1,a){if(e!==void 0){let n=this.constructor;if(s===!1&&(a=this[e]),r??=n.getPropertyOptions(e),!((r.hasChanged??po)(a,t)||r.useDefault&&r.reflect&&a===this._$Ej?.get(e)&&!this.hasAttribute(n._$Eu(e,r))))return;this.C(e,t,r)}this.isUpdatePending===!1&&(this._$ES=this._$EP())}C(e,t,{useDefault:r,reflect:s,wrapped:a},n){r&&!(this._$Ej??=new Map).has(e)&&(this._$Ej.set(e,n??t??this[e]),a!==!0||n!==void 0)||(this._$AL.has(e)||(this.hasUpdated||r||(t=void 0),this._$AL.set(e,t)),s===!0&&this._$Em!==e&&(this._$Eq??=new Set).add(e))}async _$EP(){this.isUpdatePending=!0;try{await this._$ES}catch(t){Promise.reject(t)}let e=this.scheduleUpdate();return e!=null&&await e,!this.isUpdatePending}scheduleUpdate(){return this.performUpdate()}performUpdate(){if(!this.isUpdatePending)return;if(!this.hasUpdated){if(this.renderRoot??=this.createRenderRoot(),this._$Ep){for(let[s,a]of this._$Ep)this[s]=a;this._$Ep=void 0}let r=this.constructor.elementProperties;if(r.size>0)for(let[s,a]of r){let{wrapped:n}=a,o=this[s];n!==!0||this._$AL.has(s)||o===void 0||this.C(s,void 0,a,o)}}let e=!1,t=this._$AL;try{e=this.shouldUpdate(t),e?(this.willUpdate(t),this._$EO?.forEach(r=>r.hostUpdate?.()),this.update(t)):this._$EM()}catch(r){throw e=!1,this._$EM(),r}e&&this._$AE(t)}willUpdate(e){}_$AE(e){this._$EO?.forEach(t=>t.hostUpdated?.()),this.hasUpdated||(this.hasUpdated=!0,this.firstUpdated(e)),this.updated(e)}_$EM(){this._$AL=new Map,this.isUpdatePending=!1}get updateComplete(){return this.getUpdateComplete()}getUpdateComplete(){return this._$ES}shouldUpdate(e){return!0}update(e){this._$Eq&&=this._$Eq.forEach(t=>this._$ET(t,this[t])),this._$EM()}updated(e){}firstUpdated(e){}};Fe.elementStyles=[],Fe.shadowRootOptions={mode:"open"},Fe[wi("elementProperties")]=new Map,Fe[wi("finalized")]=new Map,wd?.({ReactiveElement:Fe}),(Sr.reactiveElementVersions??=[]).push("2.1.2");var Js=globalThis,mo=i=>i,kr=Js.trustedTypes,fo=kr?kr.createPolicy("lit-html",{createHTML:i=>i}):void 0,yo="$lit$",Ge=`lit$${Math.random().toFixed(9).slice(2)}$`,Ao="?"+Ge,Id=`<${Ao}>`,ut=document,Mi=()=>ut.createComment(""),Li=i=>i===null||typeof i!="object"&&typeof i!="function",ea=Array.isArray,Md=i=>ea(i)||typeof i?.[Symbol.iterator]=="function",zs=`[ 	
\f\r]`,Ii=/<(?:(!--|\/[^a-zA-Z])|(\/?[a-zA-Z][^>\s]*)|(\/?$))/g,vo=/-->/g,Eo=/>/g,dt=RegExp(`>|${zs}(?:([^\\s"'>=/]+)(${zs}*=${zs}*(?:[^ 	
\f\r"'\`<>=]|("|')|))|$)`,"g"),go=/'/g,_o=/"/g,To=/^(?:script|style|textarea|title)$/i,ta=i=>(e,...t)=>({_$litType$:i,strings:e,values:t}),S=ta(1),Ou=ta(2),$u=ta(3),ht=Symbol.for("lit-noChange"),A=Symbol.for("lit-nothing"),bo=new WeakMap,ct=ut.createTreeWalker(ut,129);function So(i,e){if(!ea(i)||!i.hasOwnProperty("raw"))throw Error("invalid template strings array");return fo!==void 0?fo.createHTML(e):e}var Ld=(i,e)=>{let t=i.length-1,r=[],s,a=e===2?"<svg>":e===3?"<math>":"",n=Ii;for(let o=0;o<t;o++){let d=i[o],p,E,h=-1,m=0;for(;m<d.length&&(n.lastIndex=m,E=n.exec(d),E!==null);)m=n.lastIndex,n===Ii?E[1]==="!--"?n=vo:E[1]!==void 0?n=Eo:E[2]!==void 0?(To.test(E[2])&&(s=RegExp("</"+E[2],"g")),n=dt):E[3]!==void 0&&(n=dt):n===dt?E[0]===">"?(n=s??Ii,h=-1):E[1]===void 0?h=-2:(h=n.lastIndex-E[2].length,p=E[1],n=E[3]===void 0?dt:E[3]==='"'?_o:go):n===_o||n===go?n=dt:n===vo||n===Eo?n=Ii:(n=dt,s=void 0);let f=n===dt&&i[o+1].startsWith("/>")?" ":"";a+=n===Ii?d+Id:h>=0?(r.push(p),d.slice(0,h)+yo+d.slice(h)+Ge+f):d+Ge+(h===-2?o:f)}return[So(i,a+(i[t]||"<?>")+(e===2?"</svg>":e===3?"</math>":"")),r]},Ri=class i{constructor({strings:e,_$litType$:t},r){let s;this.parts=[];let a=0,n=0,o=e.length-1,d=this.parts,[p,E]=Ld(e,t);if(this.el=i.createElement(p,r),ct.currentNode=this.el.content,t===2||t===3){let h=this.el.content.firstChild;h.replaceWith(...h.childNodes)}for(;(s=ct.nextNode())!==null&&d.length<o;){if(s.nodeType===1){if(s.hasAttributes())for(let h of s.getAttributeNames())if(h.endsWith(yo)){let m=E[n++],f=s.getAttribute(h).split(Ge),b=/([.?@])?(.*)/.exec(m);d.push({type:1,index:a,name:b[2],strings:f,ctor:b[1]==="."?Qs:b[1]==="?"?Xs:b[1]==="@"?Zs:Pt}),s.removeAttribute(h)}else h.startsWith(Ge)&&(d.push({type:6,index:a}),s.removeAttribute(h));if(To.test(s.tagName)){let h=s.textContent.split(Ge),m=h.length-1;if(m>0){s.textContent=kr?kr.emptyScript:"";for(let f=0;f<m;f++)s.append(h[f],Mi()),ct.nextNode(),d.push({type:2,index:++a});s.append(h[m],Mi())}}}else if(s.nodeType===8)if(s.data===Ao)d.push({type:2,index:a});else{let h=-1;for(;(h=s.data.indexOf(Ge,h+1))!==-1;)d.push({type:7,index:a}),h+=Ge.length-1}a++}}static createElement(e,t){let r=ut.createElement("template");return r.innerHTML=e,r}};function xt(i,e,t=i,r){if(e===ht)return e;let s=r!==void 0?t._$Co?.[r]:t._$Cl,a=Li(e)?void 0:e._$litDirective$;return s?.constructor!==a&&(s?._$AO?.(!1),a===void 0?s=void 0:(s=new a(i),s._$AT(i,t,r)),r!==void 0?(t._$Co??=[])[r]=s:t._$Cl=s),s!==void 0&&(e=xt(i,s._$AS(i,e.values),s,r)),e}var Ys=class{constructor(e,t){this._$AV=[],this._$AN=void 0,this._$AD=e,this._$AM=t}get parentNode(){return this._$AM.parentNode}get _$AU(){return this._$AM._$AU}u(e){let{el:{content:t},parts:r}=this._$AD,s=(e?.creationScope??ut).importNode(t,!0);ct.currentNode=s;let a=ct.nextNode(),n=0,o=0,d=r[0];for(;d!==void 0;){if(n===d.index){let p;d.type===2?p=new Ci(a,a.nextSibling,this,e):d.type===1?p=new d.ctor(a,d.name,d.strings,this,e):d.type===6&&(p=new js(a,this,e)),this._$AV.push(p),d=r[++o]}n!==d?.index&&(a=ct.nextNode(),n++)}return ct.currentNode=ut,s}p(e){let t=0;for(let r of this._$AV)r!==void 0&&(r.strings!==void 0?(r._$AI(e,r,t),t+=r.strings.length-2):r._$AI(e[t])),t++}},Ci=class i{get _$AU(){return this._$AM?._$AU??this._$Cv}constructor(e,t,r,s){this.type=2,this._$AH=A,this._$AN=void 0,this._$AA=e,this._$AB=t,this._$AM=r,this.options=s,this._$Cv=s?.isConnected??!0}get parentNode(){let e=this._$AA.parentNode,t=this._$AM;return t!==void 0&&e?.nodeType===11&&(e=t.parentNode),e}get startNode(){return this._$AA}get endNode(){return this._$AB}_$AI(e,t=this){e=xt(this,e,t),Li(e)?e===A||e==null||e===""?(this._$AH!==A&&this._$AR(),this._$AH=A):e!==this._$AH&&e!==ht&&this._(e):e._$litType$!==void 0?this.$(e):e.nodeType!==void 0?this.T(e):Md(e)?this.k(e):this._(e)}O(e){return this._$AA.parentNode.insertBefore(e,this._$AB)}T(e){this._$AH!==e&&(this._$AR(),this._$AH=this.O(e))}_(e){this._$AH!==A&&Li(this._$AH)?this._$AA.nextSibling.data=e:this.T(ut.createTextNode(e)),this._$AH=e}$(e){let{values:t,_$litType$:r}=e,s=typeof r=="number"?this._$AC(e):(r.el===void 0&&(r.el=Ri.createElement(So(r.h,r.h[0]),this.options)),r);if(this._$AH?._$AD===s)this._$AH.p(t);else{let a=new Ys(s,this),n=a.u(this.options);a.p(t),this.T(n),this._$AH=a}}_$AC(e){let t=bo.get(e.strings);return t===void 0&&bo.set(e.strings,t=new Ri(e)),t}k(e){ea(this._$AH)||(this._$AH=[],this._$AR());let t=this._$AH,r,s=0;for(let a of e)s===t.length?t.push(r=new i(this.O(Mi()),this.O(Mi()),this,this.options)):r=t[s],r._$AI(a),s++;s<t.length&&(this._$AR(r&&r._$AB.nextSibling,s),t.length=s)}_$AR(e=this._$AA.nextSibling,t){for(this._$AP?.(!1,!0,t);e!==this._$AB;){let r=mo(e).nextSibling;mo(e).remove(),e=r}}setConnected(e){this._$AM===void 0&&(this._$Cv=e,this._$AP?.(e))}},Pt=class{get tagName(){return this.element.tagName}get _$AU(){return this._$AM._$AU}constructor(e,t,r,s,a){this.type=1,this._$AH=A,this._$AN=void 0,this.element=e,this.name=t,this._$AM=s,this.options=a,r.length>2||r[0]!==""||r[1]!==""?(this._$AH=Array(r.length-1).fill(new String),this.strings=r):this._$AH=A}_$AI(e,t=this,r,s){let a=this.strings,n=!1;if(a===void 0)e=xt(this,e,t,0),n=!Li(e)||e!==this._$AH&&e!==ht,n&&(this._$AH=e);else{let o=e,d,p;for(e=a[0],d=0;d<a.length-1;d++)p=xt(this,o[r+d],t,d),p===ht&&(p=this._$AH[d]),n||=!Li(p)||p!==this._$AH[d],p===A?e=A:e!==A&&(e+=(p??"")+a[d+1]),this._$AH[d]=p}n&&!s&&this.j(e)}j(e){e===A?this.element.removeAttribute(this.name):this.element.setAttribute(this.name,e??"")}},Qs=class extends Pt{constructor(){super(...arguments),this.type=3}j(e){this.element[this.name]=e===A?void 0:e}},Xs=class extends Pt{constructor(){super(...arguments),this.type=4}j(e){this.element.toggleAttribute(this.name,!!e&&e!==A)}},Zs=class extends Pt{constructor(e,t,r,s,a){super(e,t,r,s,a),this.type=5}_$AI(e,t=this){if((e=xt(this,e,t,0)??A)===ht)return;let r=this._$AH,s=e===A&&r!==A||e.capture!==r.capture||e.once!==r.once||e.passive!==r.passive,a=e!==A&&(r===A||s);s&&this.element.removeEventListener(this.name,this,r),a&&this.element.addEventListener(this.name,this,e),this._$AH=e}handleEvent(e){typeof this._$AH=="function"?this._$AH.call(this.options?.host??this.element,e):this._$AH.handleEvent(e)}},js=class{constructor(e,t,r){this.element=e,this.type=6,this._$AN=void 0,this._$AM=t,this.options=r}get _$AU(){return this._$AM._$AU}_$AI(e){xt(this,e)}};var Rd=Js.litHtmlPolyfillSupport;Rd?.(Ri,Ci),(Js.litHtmlVersions??=[]).push("3.3.3");var ko=(i,e,t)=>{let r=t?.renderBefore??e,s=r._$litPart$;if(s===void 0){let a=t?.renderBefore??null;r._$litPart$=s=new Ci(e.insertBefore(Mi(),a),a,void 0,t??{})}return s._$AI(i),s};var ia=globalThis,he=class extends Fe{constructor(){super(...arguments),this.renderOptions={host:this},this._$Do=void 0}createRenderRoot(){let e=super.createRenderRoot();return this.renderOptions.renderBefore??=e.firstChild,e}update(e){let t=this.render();this.hasUpdated||(this.renderOptions.isConnected=this.isConnected),super.update(e),this._$Do=ko(t,this.renderRoot,this.renderOptions)}connectedCallback(){super.connectedCallback(),this._$Do?.setConnected(!0)}disconnectedCallback(){super.disconnectedCallback(),this._$Do?.setConnected(!1)}render(){return ht}};he._$litElement$=!0,he.finalized=!0,ia.litElementHydrateSupport?.({LitElement:he});var Cd=ia.litElementPolyfillSupport;Cd?.({LitElement:he});(ia.litElementVersions??=[]).push("4.2.2");var ra=null;function Dd(){return ra||(ra=typeof crypto<"u"&&"randomUUID"in crypto?crypto.randomUUID():Math.random().toString(36).slice(2)+Date.now().toString(36)),ra}var sa=class{constructor(e){this.max=e;this.items=[];this.dropped=0}push(...e){this.items.push(...e);let t=this.items.length-this.max;t>0&&(this.items.splice(0,t),this.dropped+=t)}unshift(e){this.items.unshift(...e);let t=this.items.length-this.max;t>0&&(this.items.splice(0,t),this.dropped+=t)}take(e){return this.items.splice(0,e)}get length(){return this.items.length}};function xd(i){return async(e,t)=>{if(t&&typeof navigator<"u"&&navigator.sendBeacon&&navigator.sendBeacon(i,new Blob([e],{type:"text/plain;charset=UTF-8"})))return!0;try{let r=await fetch(i,{method:"POST",body:e,keepalive:!0,credentials:"omit",headers:{"content-type":"text/plain;charset=UTF-8"}});return r.ok||r.status>=400&&r.status<500&&r.status!==429}catch{return!1}}}var pt=class{constructor(e){this.session=Dd();this.media=null;this.off=[];this.playRequestedAt=0;this.startupReported=!1;this.buffering=!1;this.bufferStart=0;this.lastBeat=0;this.watchedFrom=0;this.lastPos=0;this.seekFrom=null;this.sending=!1;if(this.opts={interval:5e3,batch:50,heartbeat:1e4,maxQueue:500,...e},this.q=new sa(this.opts.maxQueue),this.send=e.send||xd(e.endpoint),typeof window<"u"){let t=()=>{this.beat(),this.flush(!0)},r=()=>document.visibilityState==="hidden"&&t();window.addEventListener("pagehide",t),document.addEventListener("visibilitychange",r),this.off.push(()=>window.removeEventListener("pagehide",t)),this.off.push(()=>document.removeEventListener("visibilitychange",r))}this.timer=setInterval(()=>this.flush(!1),this.opts.interval)}get queued(){return this.q.length}pos(){let e=this.media?.currentTime;return Number.isFinite(e)?Math.round(e*1e3)/1e3:0}track(e,t={}){this.q.push({type:e,embed:this.opts.embed,session:this.session,t:Date.now(),position:this.pos(),...t}),this.q.length>=this.opts.batch&&this.flush(!1)}attach(e){this.media=e,this.track("view",{url:typeof location<"u"?location.origin+location.pathname:void 0});let t=(r,s)=>{e.addEventListener(r,s),this.off.push(()=>e.removeEventListener(r,s))};t("play",()=>{this.startupReported||(this.playRequestedAt=performance.now()),this.track("play")}),t("playing",()=>{!this.startupReported&&this.playRequestedAt&&(this.startupReported=!0,this.track("startup",{ms:Math.round(performance.now()-this.playRequestedAt)})),this.buffering&&this.endBuffer(),this.watchedFrom=this.pos(),this.lastBeat=performance.now(),this.startBeats()}),t("pause",()=>{this.beat(),this.stopBeats(),e.ended||this.track("pause")}),t("timeupdate",()=>{e.seeking||(this.lastPos=this.pos())}),t("seeking",()=>{this.seekFrom===null&&(this.seekFrom=this.lastPos,!e.paused&&this.lastBeat&&this.lastPos>this.watchedFrom&&this.track("heartbeat",{from:this.watchedFrom,to:this.lastPos}))}),t("seeked",()=>{let r=this.pos();this.track("seeked",{from:this.seekFrom??this.lastPos,to:r}),this.seekFrom=null,this.watchedFrom=r,this.lastPos=r}),t("ended",()=>{this.beat(),this.stopBeats(),this.track("ended")}),t("waiting",()=>{!this.buffering&&!e.paused&&!e.seeking&&this.startupReported&&(this.buffering=!0,this.bufferStart=performance.now(),this.track("rebuffer_start"))}),t("canplay",()=>this.buffering&&this.endBuffer()),t("error",()=>{let r=e.error;this.track("error",{code:String(r?.code??0),message:r?.message||""})})}endBuffer(){this.buffering=!1,this.track("rebuffer_end",{duration_ms:Math.round(performance.now()-this.bufferStart)})}renditionChange(e){this.track("rendition_change",{...e,rendition:e.name})}error(e,t){this.track("error",{code:e,message:t})}beat(){if(!this.media||this.lastBeat===0)return;let e=this.pos();this.media.seeking||(e>this.watchedFrom&&this.track("heartbeat",{from:this.watchedFrom,to:e}),this.watchedFrom=e)}startBeats(){this.stopBeats(),this.hb=setInterval(()=>this.beat(),this.opts.heartbeat)}stopBeats(){this.hb&&clearInterval(this.hb),this.hb=void 0}async flush(e){if(!this.q.length||this.sending&&!e)return;let t=this.q.take(e?this.q.length:this.opts.batch),r=JSON.stringify({events:t});this.sending=!0;let s=!1;try{s=await this.send(r,e)}finally{this.sending=!1}s?this.q.length>=this.opts.batch&&this.flush(!1):this.q.unshift(t)}destroy(){this.beat(),this.flush(!0),this.stopBeats(),this.timer&&clearInterval(this.timer),this.off.forEach(e=>e()),this.off=[],this.media=null}};function re(i,e){typeof customElements<"u"&&!customElements.get(i)&&customElements.define(i,e)}var F=class extends he{constructor(){super();this._error=null;this._io=null;this._near=!1;this._loadSeq=0;this._loadPromise=null;this.embed=null,this.token=null,this.api=null,this.loading=null,this._state="idle",this._message="",this._info=null}get lazy(){return this.loading!=="eager"&&typeof IntersectionObserver<"u"}connectedCallback(){super.connectedCallback(),this.lazy?(this._io=new IntersectionObserver(t=>{t.some(r=>r.isIntersecting)&&(this._near=!0,this._io?.disconnect(),this._io=null,this._state==="idle"&&this.load())},{rootMargin:this.constructor.lazyMargin}),this._io.observe(this)):this._near=!0}disconnectedCallback(){super.disconnectedCallback(),this._io?.disconnect(),this._io=null,clearTimeout(this._retryTimer)}willUpdate(t){(t.has("embed")||t.has("token")||t.has("api"))&&this.hasUpdated&&(this.reset(),this._near&&this.load())}firstUpdated(){this._near&&this._state==="idle"&&this.load()}reset(){this._loadSeq++,clearTimeout(this._retryTimer),this._loadPromise=null,this._info=null,this._error=null,this._state="idle",this._message=""}load(){if(this._loadPromise)return this._loadPromise;let t=++this._loadSeq;return this._loadPromise=this._attempt(t,0),this._loadPromise}async _attempt(t,r){if(!this.embed)return this._fail(new $(0,"no_embed","No video: set the embed attribute.")),null;this._state=r===0?"loading":"processing";let s;try{s=await Si(ge(this),this.embed,this.token,r>0)}catch(n){if(t!==this._loadSeq)return null;let o=n instanceof $?n:new $(0,"network",String(n));return o.code==="network"&&r>0?this._retry(t,r):(this._fail(o),null)}if(t!==this._loadSeq)return null;if(s.archived)return this._fail(new $(404,"not_found","archived")),null;if(!s.playable)return s.state==="errored"?(this._fail(new $(422,"media","This video could not be processed.")),null):(this._state="processing",this._message="This video is still processing. It will start as soon as it is ready.",this.dispatchEvent(new CustomEvent("reel-processing",{detail:{state:s.state,attempt:r}})),this._retry(t,r));let a=no(s,this.token);return this._info=a,this._state="ready",this._message="",this._error=null,this.dispatchEvent(new CustomEvent("reel-load",{detail:a})),await this.onInfo(a),a}_retry(t,r){let s=br(r,this.constructor.retryBase);return new Promise(a=>{this._retryTimer=setTimeout(()=>{if(t!==this._loadSeq)return a(null);a(this._attempt(t,r+1))},s)})}_fail(t){this._error=t,this._state="error",this._message=lt(t),this.dispatchEvent(new CustomEvent("reel-error",{detail:{code:t.code,status:t.status,message:this._message}}))}async onInfo(t){}get info(){return this._info}get state(){return this._state}get errorCode(){return this._error?.code??null}};F.properties={embed:{type:String,reflect:!0},token:{type:String},api:{type:String},loading:{type:String},_state:{state:!0},_message:{state:!0},_info:{state:!0}},F.retryBase=1e3,F.lazyMargin="400px 0px";var wr=class{addEventListener(){}removeEventListener(){}dispatchEvent(){return!0}},Ir=class extends wr{},Mr=class extends Ir{constructor(){super(...arguments),this.role=null}},aa=class{observe(){}unobserve(){}disconnect(){}},wo={createElement:function(){return new Di.HTMLElement},createElementNS:function(){return new Di.HTMLElement},addEventListener(){},removeEventListener(){},dispatchEvent(i){return!1}},Di={ResizeObserver:aa,document:wo,Node:Ir,Element:Mr,HTMLElement:class extends Mr{constructor(){super(...arguments),this.innerHTML=""}get content(){return new Di.DocumentFragment}},DocumentFragment:class extends wr{},customElements:{get:function(){},define:function(){},whenDefined:function(){}},localStorage:{getItem(i){return null},setItem(i,e){},removeItem(i){}},CustomEvent:function(){},getComputedStyle:function(){},navigator:{languages:[],get userAgent(){return""}},matchMedia(i){return{matches:!1,media:i}},DOMParser:class{parseFromString(e,t){return{body:{textContent:e}}}}},Io="global"in globalThis&&globalThis?.global===globalThis||typeof window>"u"||typeof window.customElements>"u",Mo=Object.keys(Di).every(i=>i in globalThis),c=Io&&!Mo?Di:globalThis,B=Io&&!Mo?wo:globalThis.document;var v={MEDIA_PLAY_REQUEST:"mediaplayrequest",MEDIA_PAUSE_REQUEST:"mediapauserequest",MEDIA_MUTE_REQUEST:"mediamuterequest",MEDIA_UNMUTE_REQUEST:"mediaunmuterequest",MEDIA_LOOP_REQUEST:"medialooprequest",MEDIA_VOLUME_REQUEST:"mediavolumerequest",MEDIA_SEEK_REQUEST:"mediaseekrequest",MEDIA_AIRPLAY_REQUEST:"mediaairplayrequest",MEDIA_ENTER_FULLSCREEN_REQUEST:"mediaenterfullscreenrequest",MEDIA_EXIT_FULLSCREEN_REQUEST:"mediaexitfullscreenrequest",MEDIA_PREVIEW_REQUEST:"mediapreviewrequest",MEDIA_ENTER_PIP_REQUEST:"mediaenterpiprequest",MEDIA_EXIT_PIP_REQUEST:"mediaexitpiprequest",MEDIA_ENTER_CAST_REQUEST:"mediaentercastrequest",MEDIA_EXIT_CAST_REQUEST:"mediaexitcastrequest",MEDIA_SHOW_TEXT_TRACKS_REQUEST:"mediashowtexttracksrequest",MEDIA_HIDE_TEXT_TRACKS_REQUEST:"mediahidetexttracksrequest",MEDIA_SHOW_SUBTITLES_REQUEST:"mediashowsubtitlesrequest",MEDIA_DISABLE_SUBTITLES_REQUEST:"mediadisablesubtitlesrequest",MEDIA_TOGGLE_SUBTITLES_REQUEST:"mediatogglesubtitlesrequest",MEDIA_PLAYBACK_RATE_REQUEST:"mediaplaybackraterequest",MEDIA_RENDITION_REQUEST:"mediarenditionrequest",MEDIA_AUDIO_TRACK_REQUEST:"mediaaudiotrackrequest",MEDIA_SEEK_TO_LIVE_REQUEST:"mediaseektoliverequest",REGISTER_MEDIA_STATE_RECEIVER:"registermediastatereceiver",UNREGISTER_MEDIA_STATE_RECEIVER:"unregistermediastatereceiver"},M={MEDIA_CHROME_ATTRIBUTES:"mediachromeattributes",MEDIA_CONTROLLER:"mediacontroller"},na={MEDIA_AIRPLAY_UNAVAILABLE:"mediaAirplayUnavailable",MEDIA_AUDIO_TRACK_ENABLED:"mediaAudioTrackEnabled",MEDIA_AUDIO_TRACK_LIST:"mediaAudioTrackList",MEDIA_AUDIO_TRACK_UNAVAILABLE:"mediaAudioTrackUnavailable",MEDIA_BUFFERED:"mediaBuffered",MEDIA_CAST_UNAVAILABLE:"mediaCastUnavailable",MEDIA_CHAPTERS_CUES:"mediaChaptersCues",MEDIA_CURRENT_TIME:"mediaCurrentTime",MEDIA_DURATION:"mediaDuration",MEDIA_ENDED:"mediaEnded",MEDIA_ERROR:"mediaError",MEDIA_ERROR_CODE:"mediaErrorCode",MEDIA_ERROR_MESSAGE:"mediaErrorMessage",MEDIA_FULLSCREEN_UNAVAILABLE:"mediaFullscreenUnavailable",MEDIA_HAS_PLAYED:"mediaHasPlayed",MEDIA_HEIGHT:"mediaHeight",MEDIA_IS_AIRPLAYING:"mediaIsAirplaying",MEDIA_IS_CASTING:"mediaIsCasting",MEDIA_IS_FULLSCREEN:"mediaIsFullscreen",MEDIA_IS_PIP:"mediaIsPip",MEDIA_LOADING:"mediaLoading",MEDIA_MUTED:"mediaMuted",MEDIA_LOOP:"mediaLoop",MEDIA_PAUSED:"mediaPaused",MEDIA_PIP_UNAVAILABLE:"mediaPipUnavailable",MEDIA_PLAYBACK_RATE:"mediaPlaybackRate",MEDIA_PREVIEW_CHAPTER:"mediaPreviewChapter",MEDIA_PREVIEW_COORDS:"mediaPreviewCoords",MEDIA_PREVIEW_IMAGE:"mediaPreviewImage",MEDIA_PREVIEW_TIME:"mediaPreviewTime",MEDIA_RENDITION_LIST:"mediaRenditionList",MEDIA_RENDITION_SELECTED:"mediaRenditionSelected",MEDIA_RENDITION_UNAVAILABLE:"mediaRenditionUnavailable",MEDIA_SEEKABLE:"mediaSeekable",MEDIA_STREAM_TYPE:"mediaStreamType",MEDIA_SUBTITLES_LIST:"mediaSubtitlesList",MEDIA_SUBTITLES_SHOWING:"mediaSubtitlesShowing",MEDIA_TARGET_LIVE_WINDOW:"mediaTargetLiveWindow",MEDIA_TIME_IS_LIVE:"mediaTimeIsLive",MEDIA_VOLUME:"mediaVolume",MEDIA_VOLUME_LEVEL:"mediaVolumeLevel",MEDIA_VOLUME_UNAVAILABLE:"mediaVolumeUnavailable",MEDIA_LANG:"mediaLang",MEDIA_WIDTH:"mediaWidth"},Lo=Object.entries(na),l=Lo.reduce((i,[e,t])=>(i[e]=t.toLowerCase(),i),{}),Pd={USER_INACTIVE_CHANGE:"userinactivechange",BREAKPOINTS_CHANGE:"breakpointchange",BREAKPOINTS_COMPUTED:"breakpointscomputed"},mt=Lo.reduce((i,[e,t])=>(i[e]=t.toLowerCase(),i),{...Pd}),nh=Object.entries(mt).reduce((i,[e,t])=>{let r=l[e];return r&&(i[t]=r),i},{userinactivechange:"userinactive"}),Ro=Object.entries(l).reduce((i,[e,t])=>{let r=mt[e];return r&&(i[t]=r),i},{userinactive:"userinactivechange"}),se={SUBTITLES:"subtitles",CAPTIONS:"captions",DESCRIPTIONS:"descriptions",CHAPTERS:"chapters",METADATA:"metadata"},ze={DISABLED:"disabled",HIDDEN:"hidden",SHOWING:"showing"};var Lr={MOUSE:"mouse",PEN:"pen",TOUCH:"touch"},ae={UNAVAILABLE:"unavailable",UNSUPPORTED:"unsupported"},le={LIVE:"live",ON_DEMAND:"on-demand",UNKNOWN:"unknown"};var Co={INLINE:"inline",FULLSCREEN:"fullscreen",PICTURE_IN_PICTURE:"picture-in-picture"};var Do=new WeakMap,oa=i=>{let e=Do.get(i);return e||Do.set(i,e=new Set),e},xo=new c.ResizeObserver(i=>{for(let e of i)for(let t of oa(e.target))t(e)});function Ut(i,e){oa(i).add(e),xo.observe(i)}function Ot(i,e){let t=oa(i);t.delete(e),t.size||xo.unobserve(i)}function N(i){let e={};for(let t of i)e[t.name]=t.value;return e}function Rr(i){var e;return(e=la(i))!=null?e:Ie(i,"media-controller")}function la(i){var e;let{MEDIA_CONTROLLER:t}=M,r=i.getAttribute(t);if(r)return(e=da(i))==null?void 0:e.getElementById(r)}var pe=(i,e)=>!i||!e?!1:i?.contains(e)?!0:pe(i,e.getRootNode().host),Ie=(i,e)=>{if(!i)return null;let t=i.closest(e);return t||Ie(i.getRootNode().host,e)};function xi(i=document){var e;let t=i?.activeElement;return t?(e=xi(t.shadowRoot))!=null?e:t:null}function da(i){var e;let t=(e=i?.getRootNode)==null?void 0:e.call(i);return t instanceof ShadowRoot||t instanceof Document?t:null}function Cr(i,{depth:e=3,checkOpacity:t=!0,checkVisibilityCSS:r=!0}={}){if(i.checkVisibility)return i.checkVisibility({checkOpacity:t,checkVisibilityCSS:r});let s=i;for(;s&&e>0;){let a=getComputedStyle(s);if(t&&a.opacity==="0"||r&&a.visibility==="hidden"||a.display==="none")return!1;s=s.parentElement,e--}return!0}function Po(i,e,t,r){let s=r.x-t.x,a=r.y-t.y,n=s*s+a*a;if(n===0)return 0;let o=((i-t.x)*s+(e-t.y)*a)/n;return Math.max(0,Math.min(1,o))}function P(i,e){let t=Ud(i,r=>r===e);return t||Pi(i,e)}function Ud(i,e){var t,r;let s;for(s of(t=i.querySelectorAll("style:not([media])"))!=null?t:[]){let a;try{a=(r=s.sheet)==null?void 0:r.cssRules}catch{continue}for(let n of a??[])if(e(n.selectorText))return n}}function Pi(i,e){var t,r;let s=(t=i.querySelectorAll("style:not([media])"))!=null?t:[],a=s?.[s.length-1];if(!a?.sheet)return console.warn("Media Chrome: No style sheet found on style tag of",i),{style:{setProperty:()=>{},removeProperty:()=>"",getPropertyValue:()=>""}};let n=a?.sheet.insertRule(`${e}{}`,a.sheet.cssRules.length);return(r=a.sheet.cssRules)==null?void 0:r[n]}function Y(i,e,t=Number.NaN){let r=i.getAttribute(e);return r!=null?+r:t}function Q(i,e,t){let r=+t;if(t==null||Number.isNaN(r)){i.hasAttribute(e)&&i.removeAttribute(e);return}Y(i,e,void 0)!==r&&i.setAttribute(e,`${r}`)}function k(i,e){return i.hasAttribute(e)}function w(i,e,t){if(t==null){i.hasAttribute(e)&&i.removeAttribute(e);return}k(i,e)!=t&&i.toggleAttribute(e,t)}function D(i,e,t=null){var r;return(r=i.getAttribute(e))!=null?r:t}function R(i,e,t){if(t==null){i.hasAttribute(e)&&i.removeAttribute(e);return}let r=`${t}`;D(i,e,void 0)!==r&&i.setAttribute(e,r)}var Uo=(i,e,t)=>{if(!e.has(i))throw TypeError("Cannot "+t)},_e=(i,e,t)=>(Uo(i,e,"read from private field"),t?t.call(i):e.get(i)),Od=(i,e,t)=>{if(e.has(i))throw TypeError("Cannot add the same private member more than once");e instanceof WeakSet?e.add(i):e.set(i,t)},Dr=(i,e,t,r)=>(Uo(i,e,"write to private field"),r?r.call(i,t):e.set(i,t),t),j;function $d(i){return`
    <style>
      :host {
        display: var(--media-control-display, var(--media-gesture-receiver-display, inline-block));
        box-sizing: border-box;
      }
    </style>
  `}var $t=class extends c.HTMLElement{constructor(){if(super(),Od(this,j,void 0),!this.shadowRoot){this.attachShadow(this.constructor.shadowRootOptions);let e=N(this.attributes);this.shadowRoot.innerHTML=this.constructor.getTemplateHTML(e)}}static get observedAttributes(){return[M.MEDIA_CONTROLLER,l.MEDIA_PAUSED]}attributeChangedCallback(e,t,r){var s,a,n,o,d;e===M.MEDIA_CONTROLLER&&(t&&((a=(s=_e(this,j))==null?void 0:s.unassociateElement)==null||a.call(s,this),Dr(this,j,null)),r&&this.isConnected&&(Dr(this,j,(n=this.getRootNode())==null?void 0:n.getElementById(r)),(d=(o=_e(this,j))==null?void 0:o.associateElement)==null||d.call(o,this)))}connectedCallback(){var e,t;this.tabIndex=-1,this.setAttribute("aria-hidden","true"),Dr(this,j,Nd(this)),this.getAttribute(M.MEDIA_CONTROLLER)&&((t=(e=_e(this,j))==null?void 0:e.associateElement)==null||t.call(e,this)),_e(this,j)&&(_e(this,j).addEventListener("pointerdown",this),_e(this,j).addEventListener("click",this),_e(this,j).hasAttribute("tabindex")||(_e(this,j).tabIndex=0))}disconnectedCallback(){var e,t,r,s;this.getAttribute(M.MEDIA_CONTROLLER)&&((t=(e=_e(this,j))==null?void 0:e.unassociateElement)==null||t.call(e,this)),(r=_e(this,j))==null||r.removeEventListener("pointerdown",this),(s=_e(this,j))==null||s.removeEventListener("click",this),Dr(this,j,null)}handleEvent(e){var t;let r=(t=e.composedPath())==null?void 0:t[0];if(["video","media-controller"].includes(r?.localName)){if(e.type==="pointerdown")this._pointerType=e.pointerType;else if(e.type==="click"){let{clientX:a,clientY:n}=e,{left:o,top:d,width:p,height:E}=this.getBoundingClientRect(),h=a-o,m=n-d;if(h<0||m<0||h>p||m>E||p===0&&E===0)return;let f=this._pointerType||"mouse";if(this._pointerType=void 0,f===Lr.TOUCH){this.handleTap(e);return}else if(f===Lr.MOUSE||f===Lr.PEN){this.handleMouseClick(e);return}}}}get mediaPaused(){return k(this,l.MEDIA_PAUSED)}set mediaPaused(e){w(this,l.MEDIA_PAUSED,e)}handleTap(e){}handleMouseClick(e){let t=this.mediaPaused?v.MEDIA_PLAY_REQUEST:v.MEDIA_PAUSE_REQUEST;this.dispatchEvent(new c.CustomEvent(t,{composed:!0,bubbles:!0}))}};j=new WeakMap;$t.shadowRootOptions={mode:"open"};$t.getTemplateHTML=$d;function Nd(i){var e;let t=i.getAttribute(M.MEDIA_CONTROLLER);return t?(e=i.getRootNode())==null?void 0:e.getElementById(t):Ie(i,"media-controller")}c.customElements.get("media-gesture-receiver")||c.customElements.define("media-gesture-receiver",$t);var ca=$t;var Oo={"Start airplay":"Start airplay","Stop airplay":"Stop airplay",Audio:"Audio",Captions:"Captions","Enable captions":"Enable captions","Disable captions":"Disable captions","Start casting":"Start casting","Stop casting":"Stop casting","Enter fullscreen mode":"Enter fullscreen mode","Exit fullscreen mode":"Exit fullscreen mode",Mute:"Mute",Unmute:"Unmute",Loop:"Loop","Enter picture in picture mode":"Enter picture in picture mode","Exit picture in picture mode":"Exit picture in picture mode",Play:"Play",Pause:"Pause","Playback rate":"Playback rate","Playback rate {playbackRate}":"Playback rate {playbackRate}",Quality:"Quality","Seek backward":"Seek backward","Seek forward":"Seek forward",Settings:"Settings",Auto:"Auto","audio player":"audio player","video player":"video player",volume:"volume",seek:"seek","closed captions":"closed captions","current playback rate":"current playback rate","playback time":"playback time","media loading":"media loading",settings:"settings","audio tracks":"audio tracks",quality:"quality",play:"play",pause:"pause",mute:"mute",unmute:"unmute","chapter: {chapterName}":"chapter: {chapterName}",live:"live",Off:"Off","start airplay":"start airplay","stop airplay":"stop airplay","start casting":"start casting","stop casting":"stop casting","enter fullscreen mode":"enter fullscreen mode","exit fullscreen mode":"exit fullscreen mode","enter picture in picture mode":"enter picture in picture mode","exit picture in picture mode":"exit picture in picture mode","seek to live":"seek to live","playing live":"playing live","seek back {seekOffset} seconds":"seek back {seekOffset} seconds","seek forward {seekOffset} seconds":"seek forward {seekOffset} seconds","Network Error":"Network Error","Decode Error":"Decode Error","Source Not Supported":"Source Not Supported","Encryption Error":"Encryption Error","A network error caused the media download to fail.":"A network error caused the media download to fail.","A media error caused playback to be aborted. The media could be corrupt or your browser does not support this format.":"A media error caused playback to be aborted. The media could be corrupt or your browser does not support this format.","An unsupported error occurred. The server or network failed, or your browser does not support this format.":"An unsupported error occurred. The server or network failed, or your browser does not support this format.","The media is encrypted and there are no keys to decrypt it.":"The media is encrypted and there are no keys to decrypt it.",hour:"hour",hours:"hours",minute:"minute",minutes:"minutes",second:"second",seconds:"seconds","{time} remaining":"{time} remaining","{currentTime} of {totalTime}":"{currentTime} of {totalTime}","video not loaded, unknown time.":"video not loaded, unknown time."};var $o,Ui={en:Oo},Nt=(($o=globalThis.navigator)==null?void 0:$o.language)||"en",No=i=>{Nt=i};var Hd=i=>{var e,t,r;let[s]=Nt.split("-");return((e=Ui[Nt])==null?void 0:e[i])||((t=Ui[s])==null?void 0:t[i])||((r=Ui.en)==null?void 0:r[i])||i},Ho=()=>{let[i]=Nt.split("-");return Ui[Nt]?Nt:Ui[i]?i:"en"},T=(i,e={})=>Hd(i).replace(/\{(\w+)\}/g,(t,r)=>r in e?String(e[r]):`{${r}}`);var ma=(i,e,t)=>{if(!e.has(i))throw TypeError("Cannot "+t)},W=(i,e,t)=>(ma(i,e,"read from private field"),t?t.call(i):e.get(i)),ie=(i,e,t)=>{if(e.has(i))throw TypeError("Cannot add the same private member more than once");e instanceof WeakSet?e.add(i):e.set(i,t)},be=(i,e,t,r)=>(ma(i,e,"write to private field"),r?r.call(i,t):e.set(i,t),t),ye=(i,e,t)=>(ma(i,e,"access private method"),t),Oi,Ur,Ht,Wt,Ft,ua,Bt,xr,ha,Bo,pa,Fo,$i,Or,$r,fa,Vt,Ni,Ye,Pr,y={AUDIO:"audio",AUTOHIDE:"autohide",BREAKPOINTS:"breakpoints",GESTURES_DISABLED:"gesturesdisabled",KEYBOARD_CONTROL:"keyboardcontrol",NO_AUTOHIDE:"noautohide",USER_INACTIVE:"userinactive",AUTOHIDE_OVER_CONTROLS:"autohideovercontrols"};function Bd(i){return`
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

      :host(:not([${y.AUDIO}])) [part~=layer]:not([part~=media-layer]) {
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

      
      :host([${y.AUDIO}]) slot[name=media] {
        display: var(--media-slot-display, none);
      }

      
      :host([${y.AUDIO}]) [part~=layer][part~=gesture-layer] {
        height: 0;
        display: block;
      }

      
      :host(:not([${y.AUDIO}])[${y.GESTURES_DISABLED}]) ::slotted([slot=gestures-chrome]),
          :host(:not([${y.AUDIO}])[${y.GESTURES_DISABLED}]) media-gesture-receiver[slot=gestures-chrome] {
        display: none;
      }

      
      ::slotted(:not([slot=media]):not([slot=poster]):not(media-loading-indicator):not([role=dialog]):not([hidden])) {
        pointer-events: auto;
      }

      :host(:not([${y.AUDIO}])) *[part~=layer][part~=centered-layer] {
        align-items: center;
        justify-content: center;
      }

      :host(:not([${y.AUDIO}])) ::slotted(media-gesture-receiver[slot=gestures-chrome]),
      :host(:not([${y.AUDIO}])) media-gesture-receiver[slot=gestures-chrome] {
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

      
      :host(:not([${y.AUDIO}])) .spacer {
        flex-grow: 1;
      }

      
      :host(:-webkit-full-screen) {
        
        width: 100% !important;
        height: 100% !important;
      }

      
      ::slotted(:not([slot=media]):not([slot=poster]):not([${y.NO_AUTOHIDE}]):not([hidden]):not([role=dialog])) {
        opacity: 1;
        transition: var(--media-control-transition-in, opacity 0.25s);
      }

      
      :host([${y.USER_INACTIVE}]:not([${l.MEDIA_PAUSED}]):not([${l.MEDIA_IS_AIRPLAYING}]):not([${l.MEDIA_IS_CASTING}]):not([${y.AUDIO}])) ::slotted(:not([slot=media]):not([slot=poster]):not([${y.NO_AUTOHIDE}]):not([role=dialog])) {
        opacity: 0;
        transition: var(--media-control-transition-out, opacity 1s);
      }

      :host([${y.USER_INACTIVE}]:not([${y.NO_AUTOHIDE}]):not([${l.MEDIA_PAUSED}]):not([${l.MEDIA_IS_CASTING}]):not([${y.AUDIO}])) ::slotted([slot=media]) {
        cursor: none;
      }

      :host([${y.USER_INACTIVE}][${y.AUTOHIDE_OVER_CONTROLS}]:not([${y.NO_AUTOHIDE}]):not([${l.MEDIA_PAUSED}]):not([${l.MEDIA_IS_CASTING}]):not([${y.AUDIO}])) * {
        --media-cursor: none;
        cursor: none;
      }


      ::slotted(media-control-bar)  {
        align-self: stretch;
      }

      
      
      :host(:not([${y.AUDIO}])[${l.MEDIA_HAS_PLAYED}]) slot[name=poster],
      :host(:not([${y.AUDIO}])[${l.MEDIA_STREAM_TYPE}="${le.ON_DEMAND}"][${l.MEDIA_CURRENT_TIME}]:not([${l.MEDIA_CURRENT_TIME}="0"])) slot[name=poster] {
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
        <template shadowrootmode="${ca.shadowRootOptions.mode}">
          ${ca.getTemplateHTML({})}
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
  `}var Fd=Object.values(l),Wd="sm:384 md:576 lg:768 xl:960";function Vd(i){Wo(i.target,i.contentRect.width)}function Wo(i,e){var t;if(!i.isConnected)return;let r=(t=i.getAttribute(y.BREAKPOINTS))!=null?t:Wd,s=qd(r),a=Kd(s,e),n=!1;if(Object.keys(s).forEach(o=>{if(a.includes(o)){i.hasAttribute(`breakpoint${o}`)||(i.setAttribute(`breakpoint${o}`,""),n=!0);return}i.hasAttribute(`breakpoint${o}`)&&(i.removeAttribute(`breakpoint${o}`),n=!0)}),n){let o=new CustomEvent(mt.BREAKPOINTS_CHANGE,{detail:a});i.dispatchEvent(o)}i.breakpointsComputed||(i.breakpointsComputed=!0,i.dispatchEvent(new CustomEvent(mt.BREAKPOINTS_COMPUTED,{bubbles:!0,composed:!0})))}function qd(i){let e=i.split(/\s+/);return Object.fromEntries(e.map(t=>t.split(":")))}function Kd(i,e){return Object.keys(i).filter(t=>e>=parseInt(i[t]))}var ft=class extends c.HTMLElement{constructor(){if(super(),ie(this,ha),ie(this,pa),ie(this,$i),ie(this,$r),ie(this,Vt),ie(this,Oi,void 0),ie(this,Ur,0),ie(this,Ht,null),ie(this,Wt,null),ie(this,Ft,void 0),this.breakpointsComputed=!1,ie(this,ua,e=>{let t=this.media;for(let r of e){if(r.type!=="childList")continue;let s=r.removedNodes;for(let a of s){if(a.slot!="media"||r.target!=this)continue;let n=r.previousSibling&&r.previousSibling.previousElementSibling;if(!n||!t)this.mediaUnsetCallback(a);else{let o=n.slot!=="media";for(;(n=n.previousSibling)!==null;)n.slot=="media"&&(o=!1);o&&this.mediaUnsetCallback(a)}}if(t)for(let a of r.addedNodes)a===t&&this.handleMediaUpdated(t)}}),ie(this,Bt,!1),ie(this,xr,e=>{W(this,Bt)||(setTimeout(()=>{Vd(e),be(this,Bt,!1)},0),be(this,Bt,!0))}),ie(this,Ye,void 0),ie(this,Pr,()=>{if(!W(this,Ye).assignedElements({flatten:!0}).length){W(this,Ht)&&this.mediaUnsetCallback(W(this,Ht));return}this.handleMediaUpdated(this.media)}),!this.shadowRoot){this.attachShadow(this.constructor.shadowRootOptions);let e=N(this.attributes),t=this.constructor.getTemplateHTML(e);this.shadowRoot.setHTMLUnsafe?this.shadowRoot.setHTMLUnsafe(t):this.shadowRoot.innerHTML=t}be(this,Oi,new MutationObserver(W(this,ua)))}static get observedAttributes(){return[y.AUTOHIDE,y.GESTURES_DISABLED].concat(Fd).filter(e=>![l.MEDIA_RENDITION_LIST,l.MEDIA_AUDIO_TRACK_LIST,l.MEDIA_CHAPTERS_CUES,l.MEDIA_WIDTH,l.MEDIA_HEIGHT,l.MEDIA_ERROR,l.MEDIA_ERROR_MESSAGE].includes(e))}attributeChangedCallback(e,t,r){e.toLowerCase()==y.AUTOHIDE&&(this.autohide=r)}get media(){let e=this.querySelector(":scope > [slot=media]");return e?.nodeName=="SLOT"&&(e=e.assignedElements({flatten:!0})[0]),e}async handleMediaUpdated(e){e&&(be(this,Ht,e),e.localName.includes("-")&&await c.customElements.whenDefined(e.localName),this.mediaSetCallback(e))}connectedCallback(){var e;W(this,Oi).observe(this,{childList:!0,subtree:!0}),Ut(this,W(this,xr));let r=this.getAttribute(y.AUDIO)!=null?T("audio player"):T("video player");this.setAttribute("role","region"),this.setAttribute("aria-label",r),this.handleMediaUpdated(this.media),this.setAttribute(y.USER_INACTIVE,""),Wo(this,this.getBoundingClientRect().width);let s=this.querySelector(":scope > slot[slot=media]");s&&(be(this,Ye,s),W(this,Ye).addEventListener("slotchange",W(this,Pr))),this.addEventListener("pointerdown",this),this.addEventListener("pointermove",this),this.addEventListener("pointerup",this),this.addEventListener("mouseleave",this),this.addEventListener("keyup",this),(e=c.window)==null||e.addEventListener("mouseup",this)}disconnectedCallback(){var e;Ot(this,W(this,xr)),clearTimeout(W(this,Wt)),W(this,Oi).disconnect(),this.media&&this.mediaUnsetCallback(this.media),(e=c.window)==null||e.removeEventListener("mouseup",this),this.removeEventListener("pointerdown",this),this.removeEventListener("pointermove",this),this.removeEventListener("pointerup",this),this.removeEventListener("mouseleave",this),this.removeEventListener("keyup",this),W(this,Ye)&&(W(this,Ye).removeEventListener("slotchange",W(this,Pr)),be(this,Ye,null)),be(this,Bt,!1)}mediaSetCallback(e){}mediaUnsetCallback(e){be(this,Ht,null)}handleEvent(e){switch(e.type){case"pointerdown":be(this,Ur,e.timeStamp);break;case"pointermove":ye(this,ha,Bo).call(this,e);break;case"pointerup":ye(this,pa,Fo).call(this,e);break;case"mouseleave":ye(this,$i,Or).call(this);break;case"mouseup":this.removeAttribute(y.KEYBOARD_CONTROL);break;case"keyup":ye(this,Vt,Ni).call(this),this.setAttribute(y.KEYBOARD_CONTROL,"");break}}set autohide(e){let t=Number(e);be(this,Ft,isNaN(t)?0:t)}get autohide(){return(W(this,Ft)===void 0?2:W(this,Ft)).toString()}get breakpoints(){return D(this,y.BREAKPOINTS)}set breakpoints(e){R(this,y.BREAKPOINTS,e)}get audio(){return k(this,y.AUDIO)}set audio(e){w(this,y.AUDIO,e)}get gesturesDisabled(){return k(this,y.GESTURES_DISABLED)}set gesturesDisabled(e){w(this,y.GESTURES_DISABLED,e)}get keyboardControl(){return k(this,y.KEYBOARD_CONTROL)}set keyboardControl(e){w(this,y.KEYBOARD_CONTROL,e)}get noAutohide(){return k(this,y.NO_AUTOHIDE)}set noAutohide(e){w(this,y.NO_AUTOHIDE,e)}get autohideOverControls(){return k(this,y.AUTOHIDE_OVER_CONTROLS)}set autohideOverControls(e){w(this,y.AUTOHIDE_OVER_CONTROLS,e)}get userInteractive(){return k(this,y.USER_INACTIVE)}set userInteractive(e){w(this,y.USER_INACTIVE,e)}};Oi=new WeakMap;Ur=new WeakMap;Ht=new WeakMap;Wt=new WeakMap;Ft=new WeakMap;ua=new WeakMap;Bt=new WeakMap;xr=new WeakMap;ha=new WeakSet;Bo=function(i){if(i.pointerType!=="mouse"&&i.timeStamp-W(this,Ur)<250)return;ye(this,$r,fa).call(this),clearTimeout(W(this,Wt));let e=this.hasAttribute(y.AUTOHIDE_OVER_CONTROLS);([this,this.media].includes(i.target)||e)&&ye(this,Vt,Ni).call(this)};pa=new WeakSet;Fo=function(i){if(i.pointerType==="touch"){let e=!this.hasAttribute(y.USER_INACTIVE);[this,this.media].includes(i.target)&&e?ye(this,$i,Or).call(this):ye(this,Vt,Ni).call(this)}else i.composedPath().some(e=>["media-play-button","media-fullscreen-button"].includes(e?.localName))&&ye(this,Vt,Ni).call(this)};$i=new WeakSet;Or=function(){if(W(this,Ft)<0||this.hasAttribute(y.USER_INACTIVE))return;this.setAttribute(y.USER_INACTIVE,"");let i=new c.CustomEvent(mt.USER_INACTIVE_CHANGE,{composed:!0,bubbles:!0,detail:!0});this.dispatchEvent(i)};$r=new WeakSet;fa=function(){if(!this.hasAttribute(y.USER_INACTIVE))return;this.removeAttribute(y.USER_INACTIVE);let i=new c.CustomEvent(mt.USER_INACTIVE_CHANGE,{composed:!0,bubbles:!0,detail:!1});this.dispatchEvent(i)};Vt=new WeakSet;Ni=function(){ye(this,$r,fa).call(this),clearTimeout(W(this,Wt));let i=parseInt(this.autohide);i<0||be(this,Wt,setTimeout(()=>{ye(this,$i,Or).call(this)},i*1e3))};Ye=new WeakMap;Pr=new WeakMap;ft.shadowRootOptions={mode:"open"};ft.getTemplateHTML=Bd;c.customElements.get("media-container")||c.customElements.define("media-container",ft);var Aa=(i,e,t)=>{if(!e.has(i))throw TypeError("Cannot "+t)},Et=(i,e,t)=>(Aa(i,e,"read from private field"),t?t.call(i):e.get(i)),We=(i,e,t)=>{if(e.has(i))throw TypeError("Cannot add the same private member more than once");e instanceof WeakSet?e.add(i):e.set(i,t)},Ta=(i,e,t,r)=>(Aa(i,e,"write to private field"),r?r.call(i,t):e.set(i,t),t),vt=(i,e,t)=>(Aa(i,e,"access private method"),t),Hr,Bi,gt,Nr,va,Ea,Vo,ga,qo,_a,Ko,ba,Go,ya,zo;function Gd(i){return`
    <style>
      :host {
        font: var(--media-font,
          var(--media-font-weight, normal)
          var(--media-font-size, 14px) /
          var(--media-text-content-height, var(--media-control-height, 24px))
          var(--media-font-family, helvetica neue, segoe ui, roboto, arial, sans-serif));
        color: var(--media-text-color, var(--media-primary-color, rgb(238 238 238)));
        display: var(--media-dialog-display, inline-flex);
        justify-content: center;
        align-items: center;
        
        transition-behavior: allow-discrete;
        visibility: hidden;
        opacity: 0;
        transform: translateY(2px) scale(.99);
        pointer-events: none;
      }

      :host([open]) {
        transition: display .2s, visibility 0s, opacity .2s ease-out, transform .15s ease-out;
        visibility: visible;
        opacity: 1;
        transform: translateY(0) scale(1);
        pointer-events: auto;
      }

      #content {
        display: flex;
        position: relative;
        box-sizing: border-box;
        width: min(320px, 100%);
        word-wrap: break-word;
        max-height: 100%;
        overflow: auto;
        text-align: center;
        line-height: 1.4;
      }
    </style>
    ${this.getSlotTemplateHTML(i)}
  `}function zd(i){return`
    <slot id="content"></slot>
  `}var Hi={OPEN:"open",ANCHOR:"anchor"},Qe=class extends c.HTMLElement{constructor(){super(),We(this,Nr),We(this,Ea),We(this,ga),We(this,_a),We(this,ba),We(this,ya),We(this,Hr,!1),We(this,Bi,null),We(this,gt,null)}static get observedAttributes(){return[Hi.OPEN,Hi.ANCHOR]}get open(){return k(this,Hi.OPEN)}set open(e){w(this,Hi.OPEN,e)}handleEvent(e){switch(e.type){case"invoke":vt(this,_a,Ko).call(this,e);break;case"focusout":vt(this,ba,Go).call(this,e);break;case"keydown":vt(this,ya,zo).call(this,e);break}}connectedCallback(){vt(this,Nr,va).call(this),this.role||(this.role="dialog"),this.addEventListener("invoke",this),this.addEventListener("focusout",this),this.addEventListener("keydown",this)}disconnectedCallback(){this.removeEventListener("invoke",this),this.removeEventListener("focusout",this),this.removeEventListener("keydown",this)}attributeChangedCallback(e,t,r){vt(this,Nr,va).call(this),e===Hi.OPEN&&r!==t&&(this.open?vt(this,Ea,Vo).call(this):vt(this,ga,qo).call(this))}focus(){Ta(this,Bi,xi());let e=!this.dispatchEvent(new Event("focus",{composed:!0,cancelable:!0})),t=!this.dispatchEvent(new Event("focusin",{composed:!0,bubbles:!0,cancelable:!0}));if(e||t)return;let r=this.querySelector('[autofocus], [tabindex]:not([tabindex="-1"]), [role="menu"]');r?.focus()}get keysUsed(){return["Escape","Tab"]}};Hr=new WeakMap;Bi=new WeakMap;gt=new WeakMap;Nr=new WeakSet;va=function(){if(!Et(this,Hr)&&(Ta(this,Hr,!0),!this.shadowRoot)){this.attachShadow(this.constructor.shadowRootOptions);let i=N(this.attributes);this.shadowRoot.innerHTML=this.constructor.getTemplateHTML(i),queueMicrotask(()=>{let{style:e}=P(this.shadowRoot,":host");e.setProperty("transition","display .15s, visibility .15s, opacity .15s ease-in, transform .15s ease-in")})}};Ea=new WeakSet;Vo=function(){var i;(i=Et(this,gt))==null||i.setAttribute("aria-expanded","true"),this.dispatchEvent(new Event("open",{composed:!0,bubbles:!0})),this.addEventListener("transitionend",()=>this.focus(),{once:!0})};ga=new WeakSet;qo=function(){var i;(i=Et(this,gt))==null||i.setAttribute("aria-expanded","false"),this.dispatchEvent(new Event("close",{composed:!0,bubbles:!0}))};_a=new WeakSet;Ko=function(i){Ta(this,gt,i.relatedTarget),pe(this,i.relatedTarget)||(this.open=!this.open)};ba=new WeakSet;Go=function(i){var e;pe(this,i.relatedTarget)||((e=Et(this,Bi))==null||e.focus(),Et(this,gt)&&Et(this,gt)!==i.relatedTarget&&this.open&&(this.open=!1))};ya=new WeakSet;zo=function(i){var e,t,r,s,a;let{key:n,ctrlKey:o,altKey:d,metaKey:p}=i;o||d||p||this.keysUsed.includes(n)&&(i.preventDefault(),i.stopPropagation(),n==="Tab"?(i.shiftKey?(t=(e=this.previousElementSibling)==null?void 0:e.focus)==null||t.call(e):(s=(r=this.nextElementSibling)==null?void 0:r.focus)==null||s.call(r),this.blur()):n==="Escape"&&((a=Et(this,Bi))==null||a.focus(),this.open=!1))};Qe.shadowRootOptions={mode:"open"};Qe.getTemplateHTML=Gd;Qe.getSlotTemplateHTML=zd;c.customElements.get("media-chrome-dialog")||c.customElements.define("media-chrome-dialog",Qe);var Yd=(i,e,t)=>{if(!e.has(i))throw TypeError("Cannot "+t)},Xe=(i,e,t)=>(Yd(i,e,"read from private field"),t?t.call(i):e.get(i)),Yo=(i,e,t)=>{if(e.has(i))throw TypeError("Cannot add the same private member more than once");e instanceof WeakSet?e.add(i):e.set(i,t)},qt,Kt,Fi={HOTKEYS:"hotkeys"},Qd=[{keys:[{key:" ",label:"Space"},{key:"k"}],description:"Toggle Playback"},{keys:[{key:"m"}],description:"Toggle mute"},{keys:[{key:"f"}],description:"Toggle fullscreen"},{keys:[{key:"c"}],description:"Toggle captions or subtitles, if available"},{keys:[{key:"p"}],description:"Toggle Picture in Picture"},{keys:[{key:"ArrowLeft",label:"←"},{key:"j"}],description:"Seek back 10s"},{keys:[{key:"ArrowRight",label:"→"},{key:"l"}],description:"Seek forward 10s"},{keys:[{key:"ArrowUp",label:"↑"}],description:"Turn volume up"},{keys:[{key:"ArrowDown",label:"↓"}],description:"Turn volume down"},{keys:[{key:"<",label:"< (SHIFT+,)"}],description:"Decrease playback rate"},{keys:[{key:">",label:"> (SHIFT+.)"}],description:"Increase playback rate"},{keys:[{key:"shift+/",label:"SHIFT+/"}],description:"Show keyboard shortcuts"}];function Fr(i){return i===" "?"nospace":`no${i.toLowerCase()}`}function Xd(i){let e=new Set(i?.split(/\s+/));return Qd.map(({keys:t,description:r})=>({keys:t.filter(({key:s})=>!e.has(Fr(s))),description:r})).filter(({keys:t})=>t.length)}function Zd(i){return`
    <style>
      :host {
        position: fixed;
        top: 0;
        left: 0;
        z-index: 9999;
        background: rgb(20 20 30 / .8);
        backdrop-filter: blur(10px);
      }

      #content {
        display: block;
        width: clamp(400px, 40vw, 700px);
        max-width: 90vw;
        text-align: left;
      }

      h2 {
        margin: 0 0 1.5rem 0;
        font-size: 1.5rem;
        font-weight: 500;
        text-align: center;
      }

      .shortcuts-table {
        width: 100%;
        border-collapse: collapse;
      }

      .shortcuts-table tr {
        border-bottom: 1px solid rgba(255, 255, 255, 0.1);
      }

      .shortcuts-table tr:last-child {
        border-bottom: none;
      }

      .shortcuts-table td {
        padding: 0.75rem 0.5rem;
      }

      .shortcuts-table td:first-child {
        text-align: right;
        padding-right: 1rem;
        width: 40%;
        min-width: 120px;
      }

      .shortcuts-table td:last-child {
        padding-left: 1rem;
      }

      .key {
        display: inline-block;
        background: rgba(255, 255, 255, 0.15);
        border: 1px solid rgba(255, 255, 255, 0.2);
        border-radius: 4px;
        padding: 0.25rem 0.5rem;
        font-family: 'Courier New', monospace;
        font-size: 0.9rem;
        font-weight: 500;
        min-width: 1.5rem;
        text-align: center;
        margin: 0 0.2rem;
      }

      .description {
        color: rgba(255, 255, 255, 0.9);
        font-size: 0.95rem;
      }

      .key-combo {
        display: flex;
        align-items: center;
        justify-content: flex-end;
        gap: 0.3rem;
      }

      .key-separator {
        color: rgba(255, 255, 255, 0.5);
        font-size: 0.9rem;
      }
    </style>
    <slot id="content">
      ${Qo(i[Fi.HOTKEYS])}
    </slot>
  `}function Qo(i){return`
    <h2>Keyboard Shortcuts</h2>
    <table class="shortcuts-table">${Xd(i).map(({keys:t,description:r})=>`
        <tr>
          <td>
            <div class="key-combo">${t.map(({key:a,label:n=a},o)=>o>0?`<span class="key-separator">or</span><span class="key">${n}</span>`:`<span class="key">${n}</span>`).join("")}</div>
          </td>
          <td class="description">${r}</td>
        </tr>
      `).join("")}</table>
  `}var Br=class extends Qe{constructor(){super(...arguments),Yo(this,qt,e=>{var t;if(!this.open)return;let r=(t=this.shadowRoot)==null?void 0:t.querySelector("#content");if(!r)return;let s=e.composedPath(),a=s[0]===this||s.includes(this),n=s.includes(r);a&&!n&&(this.open=!1)}),Yo(this,Kt,e=>{if(!this.open)return;let t=e.shiftKey&&(e.key==="/"||e.key==="?");(e.key==="Escape"||t)&&!e.ctrlKey&&!e.altKey&&!e.metaKey&&(this.open=!1,e.preventDefault(),e.stopPropagation())})}static get observedAttributes(){return[...super.observedAttributes,Fi.HOTKEYS]}get hotkeys(){var e;return(e=D(this,Fi.HOTKEYS))!=null?e:void 0}set hotkeys(e){R(this,Fi.HOTKEYS,e)}connectedCallback(){super.connectedCallback(),this.open&&(this.addEventListener("click",Xe(this,qt)),document.addEventListener("keydown",Xe(this,Kt)))}disconnectedCallback(){this.removeEventListener("click",Xe(this,qt)),document.removeEventListener("keydown",Xe(this,Kt))}attributeChangedCallback(e,t,r){var s;if(super.attributeChangedCallback(e,t,r),e==="open")this.open?(this.addEventListener("click",Xe(this,qt)),document.addEventListener("keydown",Xe(this,Kt))):(this.removeEventListener("click",Xe(this,qt)),document.removeEventListener("keydown",Xe(this,Kt)));else if(e===Fi.HOTKEYS&&r!==t){let a=(s=this.shadowRoot)==null?void 0:s.querySelector("#content");a&&(a.innerHTML=Qo(r))}}};qt=new WeakMap;Kt=new WeakMap;Br.getSlotTemplateHTML=Zd;c.customElements.get("media-keyboard-shortcuts-dialog")||c.customElements.define("media-keyboard-shortcuts-dialog",Br);var Xo=(i,e,t)=>{if(!e.has(i))throw TypeError("Cannot "+t)},X=(i,e,t)=>(Xo(i,e,"read from private field"),t?t.call(i):e.get(i)),Wi=(i,e,t)=>{if(e.has(i))throw TypeError("Cannot add the same private member more than once");e instanceof WeakSet?e.add(i):e.set(i,t)},Wr=(i,e,t,r)=>(Xo(i,e,"write to private field"),r?r.call(i,t):e.set(i,t),t),Gt,zt,Vr,_t,Ve,Ze,Yt=class{constructor(e,t,{defaultValue:r}={defaultValue:void 0}){Wi(this,Ve),Wi(this,Gt,void 0),Wi(this,zt,void 0),Wi(this,Vr,void 0),Wi(this,_t,new Set),Wr(this,Gt,e),Wr(this,zt,t),Wr(this,Vr,new Set(r))}[Symbol.iterator](){return X(this,Ve,Ze).values()}get length(){return X(this,Ve,Ze).size}get value(){var e;return(e=[...X(this,Ve,Ze)].join(" "))!=null?e:""}set value(e){var t;e!==this.value&&(Wr(this,_t,new Set),this.add(...(t=e?.split(" "))!=null?t:[]))}toString(){return this.value}item(e){return[...X(this,Ve,Ze)][e]}values(){return X(this,Ve,Ze).values()}forEach(e,t){X(this,Ve,Ze).forEach(e,t)}add(...e){var t,r;e.forEach(s=>X(this,_t).add(s)),!(this.value===""&&!((t=X(this,Gt))!=null&&t.hasAttribute(`${X(this,zt)}`)))&&((r=X(this,Gt))==null||r.setAttribute(`${X(this,zt)}`,`${this.value}`))}remove(...e){var t;e.forEach(r=>X(this,_t).delete(r)),(t=X(this,Gt))==null||t.setAttribute(`${X(this,zt)}`,`${this.value}`)}contains(e){return X(this,Ve,Ze).has(e)}toggle(e,t){return typeof t<"u"?t?(this.add(e),!0):(this.remove(e),!1):this.contains(e)?(this.remove(e),!1):(this.add(e),!0)}replace(e,t){return this.remove(e),this.add(t),e===t}};Gt=new WeakMap;zt=new WeakMap;Vr=new WeakMap;_t=new WeakMap;Ve=new WeakSet;Ze=function(){return X(this,_t).size?X(this,_t):X(this,Vr)};function Zo(i){return i?.map(jd).join(" ")}function jd(i){if(i){let{id:e,width:t,height:r}=i;return[e,t,r].filter(s=>s!=null).join(":")}}function jo(i){return i?.map(Jd).join(" ")}function Jo(i){return i?.split(/\s+/).map(ec)}function Jd(i){if(i){let{id:e,kind:t,language:r,label:s}=i;return[e,t,r,s].filter(a=>a!=null).join(":")}}function ec(i){if(i){let[e,t,r,s]=i.split(":");return{id:e,kind:t,language:r,label:s}}}function Qt(i){return typeof i=="number"&&!Number.isNaN(i)&&Number.isFinite(i)}var qr=i=>new Promise(e=>setTimeout(e,i));var tc=(i="")=>i.split(/\s+/),el=(i="")=>{let[e,t,r]=i.split(":"),s=r?decodeURIComponent(r):void 0;return{kind:e==="cc"?se.CAPTIONS:se.SUBTITLES,language:t,label:s}},Sa=(i="",e={})=>tc(i).map(t=>{let r=el(t);return{...e,...r}}),ka=i=>i?Array.isArray(i)?i.map(e=>typeof e=="string"?el(e):e):typeof i=="string"?Sa(i):[i]:[],wa=({kind:i,label:e,language:t}={kind:"subtitles"})=>e?`${i==="captions"?"cc":"sb"}:${t}:${encodeURIComponent(e)}`:t,Vi=(i=[])=>Array.prototype.map.call(i,wa).join(" "),ic=(i,e)=>t=>t[i]===e,tl=i=>{let e=Object.entries(i).map(([t,r])=>ic(t,r));return t=>e.every(r=>r(t))},bt=(i,e=[],t=[])=>{let r=ka(t).map(tl),s=a=>r.some(n=>n(a));Array.from(e).filter(s).forEach(a=>{a.mode=i})},yt=(i,e=()=>!0)=>{if(!i?.textTracks)return[];let t=typeof e=="function"?e:tl(e);return Array.from(i.textTracks).filter(t)},il=i=>{var e;return!!((e=i.mediaSubtitlesShowing)!=null&&e.length)||i.hasAttribute(l.MEDIA_SUBTITLES_SHOWING)};var sl=i=>{var e;let{media:t,fullscreenElement:r}=i;try{let s=r&&"requestFullscreen"in r?"requestFullscreen":r&&"webkitRequestFullScreen"in r?"webkitRequestFullScreen":void 0;if(s){let a=(e=r[s])==null?void 0:e.call(r);if(a instanceof Promise)return a.catch(()=>{})}else t?.webkitEnterFullscreen?t.webkitEnterFullscreen():t?.requestFullscreen&&t.requestFullscreen()}catch(s){console.error(s)}},rl="exitFullscreen"in B?"exitFullscreen":"webkitExitFullscreen"in B?"webkitExitFullscreen":"webkitCancelFullScreen"in B?"webkitCancelFullScreen":void 0,al=i=>{var e;let{documentElement:t}=i;if(rl){let r=(e=t?.[rl])==null?void 0:e.call(t);if(r instanceof Promise)return r.catch(()=>{})}},qi="fullscreenElement"in B?"fullscreenElement":"webkitFullscreenElement"in B?"webkitFullscreenElement":void 0,rc=i=>{let{documentElement:e,media:t}=i,r=e?.[qi];return!r&&"webkitDisplayingFullscreen"in t&&"webkitPresentationMode"in t&&t.webkitDisplayingFullscreen&&t.webkitPresentationMode===Co.FULLSCREEN?t:r},nl=i=>{var e;let{media:t,documentElement:r,fullscreenElement:s=t}=i;if(!t||!r)return!1;let a=rc(i);if(!a)return!1;if(a===s||a===t)return!0;if(a.localName.includes("-")){let n=a.shadowRoot;if(!(qi in n))return pe(a,s);for(;n?.[qi];){if(n[qi]===s)return!0;n=(e=n[qi])==null?void 0:e.shadowRoot}}return!1},sc="fullscreenEnabled"in B?"fullscreenEnabled":"webkitFullscreenEnabled"in B?"webkitFullscreenEnabled":void 0,ol=i=>{let{documentElement:e,media:t}=i;return!!e?.[sc]||t&&"webkitSupportsFullscreen"in t};var Kr,Ia=()=>{var i,e;return Kr||(Kr=(e=(i=B)==null?void 0:i.createElement)==null?void 0:e.call(i,"video"),Kr)},ll=async(i=Ia())=>{if(!i)return!1;let e=i.volume;i.volume=e/2+.1;let t=new AbortController,r=await Promise.race([ac(i,t.signal),nc(i,e)]);return t.abort(),r},ac=(i,e)=>new Promise(t=>{i.addEventListener("volumechange",()=>t(!0),{signal:e})}),nc=async(i,e)=>{for(let t=0;t<10;t++){if(i.volume===e)return!1;await qr(10)}return i.volume!==e},oc=/.*Version\/.*Safari\/.*/.test(c.navigator.userAgent),Ma=(i=Ia())=>c.matchMedia("(display-mode: standalone)").matches&&oc?!1:typeof i?.requestPictureInPicture=="function",La=(i=Ia())=>ol({documentElement:B,media:i}),dl=La(),cl=Ma(),ul=!!c.WebKitPlaybackTargetAvailabilityEvent,hl=!!c.chrome;var Xt=i=>yt(i.media,e=>[se.SUBTITLES,se.CAPTIONS].includes(e.kind)).sort((e,t)=>e.kind>=t.kind?1:-1),Ra=i=>yt(i.media,e=>e.mode===ze.SHOWING&&[se.SUBTITLES,se.CAPTIONS].includes(e.kind)),Gr=(i,e)=>{let t=Xt(i),r=Ra(i),s=!!r.length;if(t.length){if(e===!1||s&&e!==!0)bt(ze.DISABLED,t,r);else if(e===!0||!s&&e!==!1){let a=t[0],{options:n}=i;if(!n?.noSubtitlesLangPref){let E=c.localStorage.getItem("media-chrome-pref-subtitles-lang"),h=E?[E,...c.navigator.languages]:c.navigator.languages,m=t.filter(f=>h.some(b=>f.language.toLowerCase().startsWith(b.split("-")[0]))).sort((f,b)=>{let _=h.findIndex(I=>f.language.toLowerCase().startsWith(I.split("-")[0])),L=h.findIndex(I=>b.language.toLowerCase().startsWith(I.split("-")[0]));return _-L});m[0]&&(a=m[0])}let{language:o,label:d,kind:p}=a;bt(ze.DISABLED,t,r),bt(ze.SHOWING,t,[{language:o,label:d,kind:p}])}}},zr=(i,e)=>i===e?!0:i==null||e==null||typeof i!=typeof e?!1:typeof i=="number"&&Number.isNaN(i)&&Number.isNaN(e)?!0:typeof i!="object"?!1:Array.isArray(i)?lc(i,e):Object.entries(i).every(([t,r])=>t in e&&zr(r,e[t])),lc=(i,e)=>{let t=Array.isArray(i),r=Array.isArray(e);return t!==r?!1:t||r?i.length!==e.length?!1:i.every((s,a)=>zr(s,e[a])):!0};var dc=Object.values(le),Yr,cc=ll().then(i=>(Yr=i,Yr)),pl=async(...i)=>{await Promise.all(i.filter(e=>e).map(async e=>{if(!("localName"in e&&e instanceof c.HTMLElement))return;let t=e.localName;if(!t.includes("-"))return;let r=c.customElements.get(t);r&&e instanceof r||(await c.customElements.whenDefined(t),c.customElements.upgrade(e))}))},uc=new c.DOMParser,hc=i=>i&&(uc.parseFromString(i,"text/html").body.textContent||i),Zt={mediaError:{get(i,e){let{media:t}=i;if(e?.type!=="playing")return t?.error},mediaEvents:["emptied","error","playing"]},mediaErrorCode:{get(i,e){var t;let{media:r}=i;if(e?.type!=="playing")return(t=r?.error)==null?void 0:t.code},mediaEvents:["emptied","error","playing"]},mediaErrorMessage:{get(i,e){var t,r;let{media:s}=i;if(e?.type!=="playing")return(r=(t=s?.error)==null?void 0:t.message)!=null?r:""},mediaEvents:["emptied","error","playing"]},mediaWidth:{get(i){var e;let{media:t}=i;return(e=t?.videoWidth)!=null?e:0},mediaEvents:["resize"]},mediaHeight:{get(i){var e;let{media:t}=i;return(e=t?.videoHeight)!=null?e:0},mediaEvents:["resize"]},mediaPaused:{get(i){var e;let{media:t}=i;return(e=t?.paused)!=null?e:!0},set(i,e){var t;let{media:r}=e;r&&(i?r.pause():(t=r.play())==null||t.catch(()=>{}))},mediaEvents:["play","playing","pause","emptied"]},mediaHasPlayed:{get(i,e){let{media:t}=i;return t?e?e.type==="playing":!t.paused:!1},mediaEvents:["playing","emptied"]},mediaEnded:{get(i){var e;let{media:t}=i;return(e=t?.ended)!=null?e:!1},mediaEvents:["seeked","ended","emptied"]},mediaPlaybackRate:{get(i){var e;let{media:t}=i;return(e=t?.playbackRate)!=null?e:1},set(i,e){let{media:t}=e;t&&Number.isFinite(+i)&&(t.playbackRate=+i)},mediaEvents:["ratechange","loadstart"]},mediaMuted:{get(i){var e;let{media:t}=i;return(e=t?.muted)!=null?e:!1},set(i,e){let{media:t,options:{noMutedPref:r}={}}=e;if(t){t.muted=i;try{let s=c.localStorage.getItem("media-chrome-pref-muted")!==null,a=t.hasAttribute("muted");if(r){s&&c.localStorage.removeItem("media-chrome-pref-muted");return}if(a&&!s)return;c.localStorage.setItem("media-chrome-pref-muted",i?"true":"false")}catch(s){console.debug("Error setting muted pref",s)}}},mediaEvents:["volumechange"],stateOwnersUpdateHandlers:[(i,e)=>{let{options:{noMutedPref:t}}=e,{media:r}=e;if(!(!r||r.muted||t))try{let s=c.localStorage.getItem("media-chrome-pref-muted")==="true";Zt.mediaMuted.set(s,e),i(s)}catch(s){console.debug("Error getting muted pref",s)}}]},mediaLoop:{get(i){let{media:e}=i;return e?.loop},set(i,e){let{media:t}=e;t&&(t.loop=i)},mediaEvents:["medialooprequest"]},mediaVolume:{get(i){var e;let{media:t}=i;return(e=t?.volume)!=null?e:1},set(i,e){let{media:t,options:{noVolumePref:r}={}}=e;if(t){try{i==null?c.localStorage.removeItem("media-chrome-pref-volume"):!t.hasAttribute("muted")&&!r&&c.localStorage.setItem("media-chrome-pref-volume",i.toString())}catch(s){console.debug("Error setting volume pref",s)}Number.isFinite(+i)&&(t.volume=+i)}},mediaEvents:["volumechange"],stateOwnersUpdateHandlers:[(i,e)=>{let{options:{noVolumePref:t}}=e;if(!t)try{let{media:r}=e;if(!r)return;let s=c.localStorage.getItem("media-chrome-pref-volume");if(s==null)return;Zt.mediaVolume.set(+s,e),i(+s)}catch(r){console.debug("Error getting volume pref",r)}}]},mediaVolumeLevel:{get(i){let{media:e}=i;return typeof e?.volume>"u"?"high":e.muted||e.volume===0?"off":e.volume<.5?"low":e.volume<.75?"medium":"high"},mediaEvents:["volumechange"]},mediaCurrentTime:{get(i){var e;let{media:t}=i;return(e=t?.currentTime)!=null?e:0},set(i,e){let{media:t}=e;!t||!Qt(i)||(t.currentTime=i)},mediaEvents:["timeupdate","loadedmetadata","seeking"]},mediaDuration:{get(i){let{media:e,options:{defaultDuration:t}={}}=i;return t&&(!e||!e.duration||Number.isNaN(e.duration)||!Number.isFinite(e.duration))?t:Number.isFinite(e?.duration)?e.duration:Number.NaN},mediaEvents:["durationchange","loadedmetadata","emptied"]},mediaLoading:{get(i){let{media:e}=i;return e?.readyState<3},mediaEvents:["waiting","playing","emptied"]},mediaSeekable:{get(i){var e;let{media:t}=i;if(!((e=t?.seekable)!=null&&e.length))return;let r=t.seekable.start(0),s=t.seekable.end(t.seekable.length-1);if(!(!r&&!s))return[Number(r.toFixed(3)),Number(s.toFixed(3))]},mediaEvents:["loadedmetadata","emptied","progress","seekablechange"]},mediaBuffered:{get(i){var e;let{media:t}=i,r=(e=t?.buffered)!=null?e:[];return Array.from(r).map((s,a)=>[Number(r.start(a).toFixed(3)),Number(r.end(a).toFixed(3))])},mediaEvents:["progress","emptied"]},mediaStreamType:{get(i){let{media:e,options:{defaultStreamType:t}={}}=i,r=[le.LIVE,le.ON_DEMAND].includes(t)?t:void 0;if(!e)return r;let{streamType:s}=e;if(dc.includes(s))return s===le.UNKNOWN?r:s;let a=e.duration;return a===1/0?le.LIVE:Number.isFinite(a)?le.ON_DEMAND:r},mediaEvents:["emptied","durationchange","loadedmetadata","streamtypechange"]},mediaTargetLiveWindow:{get(i){let{media:e}=i;if(!e)return Number.NaN;let{targetLiveWindow:t}=e,r=Zt.mediaStreamType.get(i);return(t==null||Number.isNaN(t))&&r===le.LIVE?0:t},mediaEvents:["emptied","durationchange","loadedmetadata","streamtypechange","targetlivewindowchange"]},mediaTimeIsLive:{get(i){let{media:e,options:{liveEdgeOffset:t=10}={}}=i;if(!e)return!1;if(typeof e.liveEdgeStart=="number")return Number.isNaN(e.liveEdgeStart)?!1:e.currentTime>=e.liveEdgeStart;if(!(Zt.mediaStreamType.get(i)===le.LIVE))return!1;let s=e.seekable;if(!s)return!0;if(!s.length)return!1;let a=s.end(s.length-1)-t;return e.currentTime>=a},mediaEvents:["playing","timeupdate","progress","waiting","emptied"]},mediaSubtitlesList:{get(i){return Xt(i).map(({kind:e,label:t,language:r})=>({kind:e,label:t,language:r}))},mediaEvents:["loadstart"],textTracksEvents:["addtrack","removetrack"]},mediaSubtitlesShowing:{get(i){return Ra(i).map(({kind:e,label:t,language:r})=>({kind:e,label:t,language:r}))},mediaEvents:["loadstart"],textTracksEvents:["addtrack","removetrack","change"],stateOwnersUpdateHandlers:[(i,e)=>{var t,r;let{media:s,options:a}=e;if(!s)return;let n=o=>{var d;!a.defaultSubtitles||o&&![se.CAPTIONS,se.SUBTITLES].includes((d=o?.track)==null?void 0:d.kind)||Gr(e,!0)};return s.addEventListener("loadstart",n),(t=s.textTracks)==null||t.addEventListener("addtrack",n),(r=s.textTracks)==null||r.addEventListener("removetrack",n),()=>{var o,d;s.removeEventListener("loadstart",n),(o=s.textTracks)==null||o.removeEventListener("addtrack",n),(d=s.textTracks)==null||d.removeEventListener("removetrack",n)}}]},mediaChaptersCues:{get(i){var e;let{media:t}=i;if(!t)return[];let[r]=yt(t,{kind:se.CHAPTERS});return Array.from((e=r?.cues)!=null?e:[]).map(({text:s,startTime:a,endTime:n})=>({text:hc(s),startTime:a,endTime:n}))},mediaEvents:["loadstart","loadedmetadata"],textTracksEvents:["addtrack","removetrack","change"],stateOwnersUpdateHandlers:[(i,e)=>{var t;let{media:r}=e;if(!r)return;let s=r.querySelector('track[kind="chapters"][default][src]'),a=(t=r.shadowRoot)==null?void 0:t.querySelector(':is(video,audio) > track[kind="chapters"][default][src]');return s?.addEventListener("load",i),a?.addEventListener("load",i),()=>{s?.removeEventListener("load",i),a?.removeEventListener("load",i)}}]},mediaIsPip:{get(i){var e,t;let{media:r,documentElement:s}=i;if(!r||!s||!s.pictureInPictureElement)return!1;if(s.pictureInPictureElement===r)return!0;if(s.pictureInPictureElement instanceof HTMLMediaElement)return(e=r.localName)!=null&&e.includes("-")?pe(r,s.pictureInPictureElement):!1;if(s.pictureInPictureElement.localName.includes("-")){let a=s.pictureInPictureElement.shadowRoot;for(;a?.pictureInPictureElement;){if(a.pictureInPictureElement===r)return!0;a=(t=a.pictureInPictureElement)==null?void 0:t.shadowRoot}}return!1},set(i,e){let{media:t}=e;if(t)if(i){if(!B.pictureInPictureEnabled){console.warn("MediaChrome: Picture-in-picture is not enabled");return}if(!t.requestPictureInPicture){console.warn("MediaChrome: The current media does not support picture-in-picture");return}let r=()=>{console.warn("MediaChrome: The media is not ready for picture-in-picture. It must have a readyState > 0.")};t.requestPictureInPicture().catch(s=>{if(s.code===11){if(!t.src){console.warn("MediaChrome: The media is not ready for picture-in-picture. It must have a src set.");return}if(t.readyState===0&&t.preload==="none"){let a=()=>{t.removeEventListener("loadedmetadata",n),t.preload="none"},n=()=>{t.requestPictureInPicture().catch(r),a()};t.addEventListener("loadedmetadata",n),t.preload="metadata",setTimeout(()=>{t.readyState===0&&r(),a()},1e3)}else throw s}else throw s})}else B.pictureInPictureElement&&B.exitPictureInPicture()},mediaEvents:["enterpictureinpicture","leavepictureinpicture"]},mediaRenditionList:{get(i){var e;let{media:t}=i;return[...(e=t?.videoRenditions)!=null?e:[]].map(r=>({...r}))},mediaEvents:["emptied","loadstart"],videoRenditionsEvents:["addrendition","removerendition"]},mediaRenditionSelected:{get(i){var e,t,r;let{media:s}=i;return(r=(t=s?.videoRenditions)==null?void 0:t[(e=s.videoRenditions)==null?void 0:e.selectedIndex])==null?void 0:r.id},set(i,e){let{media:t}=e;if(!t?.videoRenditions){console.warn("MediaController: Rendition selection not supported by this media.");return}let r=i,s=Array.prototype.findIndex.call(t.videoRenditions,a=>a.id==r);t.videoRenditions.selectedIndex!=s&&(t.videoRenditions.selectedIndex=s)},mediaEvents:["emptied"],videoRenditionsEvents:["addrendition","removerendition","change"]},mediaAudioTrackList:{get(i){var e;let{media:t}=i;return[...(e=t?.audioTracks)!=null?e:[]]},mediaEvents:["emptied","loadstart"],audioTracksEvents:["addtrack","removetrack"]},mediaAudioTrackEnabled:{get(i){var e,t;let{media:r}=i;return(t=[...(e=r?.audioTracks)!=null?e:[]].find(s=>s.enabled))==null?void 0:t.id},set(i,e){let{media:t}=e;if(!t?.audioTracks){console.warn("MediaChrome: Audio track selection not supported by this media.");return}let r=i;for(let s of t.audioTracks)s.enabled=r==s.id},mediaEvents:["emptied"],audioTracksEvents:["addtrack","removetrack","change"]},mediaIsFullscreen:{get(i){return nl(i)},set(i,e,t){var r,s;i?(sl(e),t.detail&&!((r=e.media)!=null&&r.inert)&&((s=e.media)==null||s.focus())):al(e)},rootEvents:["fullscreenchange","webkitfullscreenchange"],mediaEvents:["webkitbeginfullscreen","webkitendfullscreen","webkitpresentationmodechanged"]},mediaIsCasting:{get(i){var e;let{media:t}=i;return!t?.remote||((e=t.remote)==null?void 0:e.state)==="disconnected"?!1:t.remote.state==="connected"},set(i,e){var t,r;let{media:s}=e;if(s&&!(i&&((t=s.remote)==null?void 0:t.state)!=="disconnected")&&!(!i&&((r=s.remote)==null?void 0:r.state)!=="connected")){if(typeof s.remote.prompt!="function"){console.warn("MediaChrome: Casting is not supported in this environment");return}s.remote.prompt().catch(()=>{})}},remoteEvents:["connect","connecting","disconnect"]},mediaIsAirplaying:{get(){return!1},set(i,e){let{media:t}=e;if(t){if(!(t.webkitShowPlaybackTargetPicker&&c.WebKitPlaybackTargetAvailabilityEvent)){console.error("MediaChrome: received a request to select AirPlay but AirPlay is not supported in this environment");return}t.webkitShowPlaybackTargetPicker()}},mediaEvents:["webkitcurrentplaybacktargetiswirelesschanged"]},mediaFullscreenUnavailable:{get(i){let{media:e}=i;if(!dl||!La(e))return ae.UNSUPPORTED}},mediaPipUnavailable:{get(i){let{media:e}=i;if(!cl||!Ma(e))return ae.UNSUPPORTED;if(e?.disablePictureInPicture)return ae.UNAVAILABLE}},mediaVolumeUnavailable:{get(i){let{media:e}=i;if(Yr===!1||e?.volume==null)return ae.UNSUPPORTED},stateOwnersUpdateHandlers:[i=>{Yr==null&&cc.then(e=>i(e?void 0:ae.UNSUPPORTED))}]},mediaCastUnavailable:{get(i,{availability:e="not-available"}={}){var t;let{media:r}=i;if(!hl||!((t=r?.remote)!=null&&t.state))return ae.UNSUPPORTED;if(!(e==null||e==="available"))return ae.UNAVAILABLE},stateOwnersUpdateHandlers:[(i,e)=>{var t;let{media:r}=e;return r?(r.disableRemotePlayback||r.hasAttribute("disableremoteplayback")||(t=r?.remote)==null||t.watchAvailability(a=>{i({availability:a?"available":"not-available"})}).catch(a=>{a.name==="NotSupportedError"?i({availability:null}):i({availability:"not-available"})}),()=>{var a;(a=r?.remote)==null||a.cancelWatchAvailability().catch(()=>{})}):void 0}]},mediaAirplayUnavailable:{get(i,e){if(!ul)return ae.UNSUPPORTED;if(e?.availability==="not-available")return ae.UNAVAILABLE},mediaEvents:["webkitplaybacktargetavailabilitychanged"],stateOwnersUpdateHandlers:[(i,e)=>{var t;let{media:r}=e;return r?(r.disableRemotePlayback||r.hasAttribute("disableremoteplayback")||(t=r?.remote)==null||t.watchAvailability(a=>{i({availability:a?"available":"not-available"})}).catch(a=>{a.name==="NotSupportedError"?i({availability:null}):i({availability:"not-available"})}),()=>{var a;(a=r?.remote)==null||a.cancelWatchAvailability().catch(()=>{})}):void 0}]},mediaRenditionUnavailable:{get(i){var e;let{media:t}=i;if(!t?.videoRenditions)return ae.UNSUPPORTED;if(!((e=t.videoRenditions)!=null&&e.length))return ae.UNAVAILABLE},mediaEvents:["emptied","loadstart"],videoRenditionsEvents:["addrendition","removerendition"]},mediaAudioTrackUnavailable:{get(i){var e,t;let{media:r}=i;if(!r?.audioTracks)return ae.UNSUPPORTED;if(((t=(e=r.audioTracks)==null?void 0:e.length)!=null?t:0)<=1)return ae.UNAVAILABLE},mediaEvents:["emptied","loadstart"],audioTracksEvents:["addtrack","removetrack"]},mediaLang:{get(i){let{options:{mediaLang:e}={}}=i;return e??"en"}}};var ml={[v.MEDIA_PREVIEW_REQUEST](i,e,{detail:t}){var r,s,a;let{media:n}=e,o=t??void 0,d,p;if(n&&o!=null){let[f]=yt(n,{kind:se.METADATA,label:"thumbnails"}),b=Array.prototype.find.call((r=f?.cues)!=null?r:[],(_,L,I)=>L===0?_.endTime>o:L===I.length-1?_.startTime<=o:_.startTime<=o&&_.endTime>o);if(b){let _=/'^(?:[a-z]+:)?\/\//i.test(b.text)||(s=n?.querySelector('track[label="thumbnails"]'))==null?void 0:s.src,L=new URL(b.text,_);p=new URLSearchParams(L.hash).get("#xywh").split(",").map(ee=>+ee),d=L.href}}let E=i.mediaDuration.get(e),m=(a=i.mediaChaptersCues.get(e).find((f,b,_)=>b===_.length-1&&E===f.endTime?f.startTime<=o&&f.endTime>=o:f.startTime<=o&&f.endTime>o))==null?void 0:a.text;return t!=null&&m==null&&(m=""),{mediaPreviewTime:o,mediaPreviewImage:d,mediaPreviewCoords:p,mediaPreviewChapter:m}},[v.MEDIA_PAUSE_REQUEST](i,e){i["mediaPaused"].set(!0,e)},[v.MEDIA_PLAY_REQUEST](i,e){var t,r,s,a;let n="mediaPaused",d=i.mediaStreamType.get(e)===le.LIVE,p=!((t=e.options)!=null&&t.noAutoSeekToLive),E=i.mediaTargetLiveWindow.get(e)>0;if(d&&p&&!E){let h=(r=i.mediaSeekable.get(e))==null?void 0:r[1];if(h){let m=(a=(s=e.options)==null?void 0:s.seekToLiveOffset)!=null?a:0,f=h-m;i.mediaCurrentTime.set(f,e)}}i[n].set(!1,e)},[v.MEDIA_PLAYBACK_RATE_REQUEST](i,e,{detail:t}){let r="mediaPlaybackRate",s=t;i[r].set(s,e)},[v.MEDIA_MUTE_REQUEST](i,e){i["mediaMuted"].set(!0,e)},[v.MEDIA_UNMUTE_REQUEST](i,e){let t="mediaMuted";i.mediaVolume.get(e)||i.mediaVolume.set(.25,e),i[t].set(!1,e)},[v.MEDIA_LOOP_REQUEST](i,e,{detail:t}){let r="mediaLoop",s=!!t;return i[r].set(s,e),{mediaLoop:s}},[v.MEDIA_VOLUME_REQUEST](i,e,{detail:t}){let r="mediaVolume",s=t;s&&i.mediaMuted.get(e)&&i.mediaMuted.set(!1,e),i[r].set(s,e)},[v.MEDIA_SEEK_REQUEST](i,e,{detail:t}){let r="mediaCurrentTime",s=t;i[r].set(s,e)},[v.MEDIA_SEEK_TO_LIVE_REQUEST](i,e){var t,r,s;let a="mediaCurrentTime",n=(t=i.mediaSeekable.get(e))==null?void 0:t[1];if(Number.isNaN(Number(n)))return;let o=(s=(r=e.options)==null?void 0:r.seekToLiveOffset)!=null?s:0,d=n-o;i[a].set(d,e)},[v.MEDIA_SHOW_SUBTITLES_REQUEST](i,e,{detail:t}){var r;let{options:s}=e,a=Xt(e),n=ka(t),o=(r=n[0])==null?void 0:r.language;o&&!s.noSubtitlesLangPref&&c.localStorage.setItem("media-chrome-pref-subtitles-lang",o),bt(ze.SHOWING,a,n)},[v.MEDIA_DISABLE_SUBTITLES_REQUEST](i,e,{detail:t}){let r=Xt(e),s=t??[];bt(ze.DISABLED,r,s)},[v.MEDIA_TOGGLE_SUBTITLES_REQUEST](i,e,{detail:t}){Gr(e,t)},[v.MEDIA_RENDITION_REQUEST](i,e,{detail:t}){let r="mediaRenditionSelected",s=t;i[r].set(s,e)},[v.MEDIA_AUDIO_TRACK_REQUEST](i,e,{detail:t}){let r="mediaAudioTrackEnabled",s=t;i[r].set(s,e)},[v.MEDIA_ENTER_PIP_REQUEST](i,e){let t="mediaIsPip";i.mediaIsFullscreen.get(e)&&i.mediaIsFullscreen.set(!1,e),i[t].set(!0,e)},[v.MEDIA_EXIT_PIP_REQUEST](i,e){i["mediaIsPip"].set(!1,e)},[v.MEDIA_ENTER_FULLSCREEN_REQUEST](i,e,t){let r="mediaIsFullscreen";i.mediaIsPip.get(e)&&i.mediaIsPip.set(!1,e),i[r].set(!0,e,t)},[v.MEDIA_EXIT_FULLSCREEN_REQUEST](i,e){i["mediaIsFullscreen"].set(!1,e)},[v.MEDIA_ENTER_CAST_REQUEST](i,e){let t="mediaIsCasting";i.mediaIsFullscreen.get(e)&&i.mediaIsFullscreen.set(!1,e),i[t].set(!0,e)},[v.MEDIA_EXIT_CAST_REQUEST](i,e){i["mediaIsCasting"].set(!1,e)},[v.MEDIA_AIRPLAY_REQUEST](i,e){i["mediaIsAirplaying"].set(!0,e)}};var fl=({media:i,fullscreenElement:e,documentElement:t,stateMediator:r=Zt,requestMap:s=ml,options:a={},monitorStateOwnersOnlyWithSubscriptions:n=!0})=>{let o=[],d={options:{...a}},p=Object.freeze({mediaPreviewTime:void 0,mediaPreviewImage:void 0,mediaPreviewCoords:void 0,mediaPreviewChapter:void 0}),E=_=>{_!=null&&(zr(_,p)||(p=Object.freeze({...p,..._}),o.forEach(L=>L(p))))},h=()=>{let _=Object.entries(r).reduce((L,[I,{get:ee}])=>(L[I]=ee(d),L),{});E(_)},m={},f,b=async(_,L)=>{var I,ee,vi,Ei,Lt,He,Be,gi,ot,gn,_n,bn,yn,An,Tn,Sn;let dd=!!f;if(f={...d,...f??{},..._},dd)return;await pl(...Object.values(_));let Rt=o.length>0&&L===0&&n,kn=d.media!==f.media,wn=((I=d.media)==null?void 0:I.textTracks)!==((ee=f.media)==null?void 0:ee.textTracks),In=((vi=d.media)==null?void 0:vi.videoRenditions)!==((Ei=f.media)==null?void 0:Ei.videoRenditions),Mn=((Lt=d.media)==null?void 0:Lt.audioTracks)!==((He=f.media)==null?void 0:He.audioTracks),Ln=((Be=d.media)==null?void 0:Be.remote)!==((gi=f.media)==null?void 0:gi.remote),Rn=d.documentElement!==f.documentElement,Cn=!!d.media&&(kn||Rt),Dn=!!((ot=d.media)!=null&&ot.textTracks)&&(wn||Rt),xn=!!((gn=d.media)!=null&&gn.videoRenditions)&&(In||Rt),Pn=!!((_n=d.media)!=null&&_n.audioTracks)&&(Mn||Rt),Un=!!((bn=d.media)!=null&&bn.remote)&&(Ln||Rt),On=!!d.documentElement&&(Rn||Rt),Ws=Cn||Dn||xn||Pn||Un||On,Ct=o.length===0&&L===1&&n,$n=!!f.media&&(kn||Ct),Nn=!!((yn=f.media)!=null&&yn.textTracks)&&(wn||Ct),Hn=!!((An=f.media)!=null&&An.videoRenditions)&&(In||Ct),Bn=!!((Tn=f.media)!=null&&Tn.audioTracks)&&(Mn||Ct),Fn=!!((Sn=f.media)!=null&&Sn.remote)&&(Ln||Ct),Wn=!!f.documentElement&&(Rn||Ct),Vn=$n||Nn||Hn||Bn||Fn||Wn;if(!(Ws||Vn)){Object.entries(f).forEach(([x,_i])=>{d[x]=_i}),h(),f=void 0;return}Object.entries(r).forEach(([x,{get:_i,mediaEvents:cd=[],textTracksEvents:ud=[],videoRenditionsEvents:hd=[],audioTracksEvents:pd=[],remoteEvents:md=[],rootEvents:fd=[],stateOwnersUpdateHandlers:vd=[]}])=>{m[x]||(m[x]={});let ne=O=>{let V=_i(d,O);E({[x]:V})},z;z=m[x].mediaEvents,cd.forEach(O=>{z&&Cn&&(d.media.removeEventListener(O,z),m[x].mediaEvents=void 0),$n&&(f.media.addEventListener(O,ne),m[x].mediaEvents=ne)}),z=m[x].textTracksEvents,ud.forEach(O=>{var V,Ee;z&&Dn&&((V=d.media.textTracks)==null||V.removeEventListener(O,z),m[x].textTracksEvents=void 0),Nn&&((Ee=f.media.textTracks)==null||Ee.addEventListener(O,ne),m[x].textTracksEvents=ne)}),z=m[x].videoRenditionsEvents,hd.forEach(O=>{var V,Ee;z&&xn&&((V=d.media.videoRenditions)==null||V.removeEventListener(O,z),m[x].videoRenditionsEvents=void 0),Hn&&((Ee=f.media.videoRenditions)==null||Ee.addEventListener(O,ne),m[x].videoRenditionsEvents=ne)}),z=m[x].audioTracksEvents,pd.forEach(O=>{var V,Ee;z&&Pn&&((V=d.media.audioTracks)==null||V.removeEventListener(O,z),m[x].audioTracksEvents=void 0),Bn&&((Ee=f.media.audioTracks)==null||Ee.addEventListener(O,ne),m[x].audioTracksEvents=ne)}),z=m[x].remoteEvents,md.forEach(O=>{var V,Ee;z&&Un&&((V=d.media.remote)==null||V.removeEventListener(O,z),m[x].remoteEvents=void 0),Fn&&((Ee=f.media.remote)==null||Ee.addEventListener(O,ne),m[x].remoteEvents=ne)}),z=m[x].rootEvents,fd.forEach(O=>{z&&On&&(d.documentElement.removeEventListener(O,z),m[x].rootEvents=void 0),Wn&&(f.documentElement.addEventListener(O,ne),m[x].rootEvents=ne)});let _r=m[x].stateOwnersUpdateHandlers;if(_r&&Ws&&(Array.isArray(_r)?_r:[_r]).forEach(V=>{typeof V=="function"&&V()}),Vn){let O=vd.map(V=>V(ne,f)).filter(V=>typeof V=="function");m[x].stateOwnersUpdateHandlers=O.length===1?O[0]:O}else Ws&&(m[x].stateOwnersUpdateHandlers=void 0)}),Object.entries(f).forEach(([x,_i])=>{d[x]=_i}),h(),f=void 0};return b({media:i,fullscreenElement:e,documentElement:t,options:a}),{dispatch(_){let{type:L,detail:I}=_;if(s[L]&&p.mediaErrorCode==null){E(s[L](r,d,_));return}L==="mediaelementchangerequest"?b({media:I}):L==="fullscreenelementchangerequest"?b({fullscreenElement:I}):L==="documentelementchangerequest"?b({documentElement:I}):L==="optionschangerequest"&&(Object.entries(I??{}).forEach(([ee,vi])=>{d.options[ee]=vi}),h())},getState(){return p},subscribe(_){return b({},o.length+1),o.push(_),_(p),()=>{let L=o.indexOf(_);L>=0&&(b({},o.length-1),o.splice(L,1))}}}};var Oa=(i,e,t)=>{if(!e.has(i))throw TypeError("Cannot "+t)},g=(i,e,t)=>(Oa(i,e,"read from private field"),t?t.call(i):e.get(i)),de=(i,e,t)=>{if(e.has(i))throw TypeError("Cannot add the same private member more than once");e instanceof WeakSet?e.add(i):e.set(i,t)},Ae=(i,e,t,r)=>(Oa(i,e,"write to private field"),r?r.call(i,t):e.set(i,t),t),je=(i,e,t)=>(Oa(i,e,"access private method"),t),qe,Ki,C,ce,Gi,Me,Qr,zi,Xr,Ca,Tt,Zr,Da,Yi,jr,xa,Al,Tl=["ArrowLeft","ArrowRight","ArrowUp","ArrowDown","Enter"," ","f","m","k","c","l","j",">","<","p"],vl=10,El=.025,gl=.25,pc=.25,mc=2,u={DEFAULT_SUBTITLES:"defaultsubtitles",DEFAULT_STREAM_TYPE:"defaultstreamtype",DEFAULT_DURATION:"defaultduration",FULLSCREEN_ELEMENT:"fullscreenelement",HOTKEYS:"hotkeys",KEYBOARD_BACKWARD_SEEK_OFFSET:"keyboardbackwardseekoffset",KEYBOARD_FORWARD_SEEK_OFFSET:"keyboardforwardseekoffset",KEYBOARD_DOWN_VOLUME_STEP:"keyboarddownvolumestep",KEYBOARD_UP_VOLUME_STEP:"keyboardupvolumestep",KEYS_USED:"keysused",LANG:"lang",LOOP:"loop",LIVE_EDGE_OFFSET:"liveedgeoffset",NO_AUTO_SEEK_TO_LIVE:"noautoseektolive",NO_DEFAULT_STORE:"nodefaultstore",NO_HOTKEYS:"nohotkeys",NO_MUTED_PREF:"nomutedpref",NO_SUBTITLES_LANG_PREF:"nosubtitleslangpref",NO_VOLUME_PREF:"novolumepref",SEEK_TO_LIVE_OFFSET:"seektoliveoffset"},Pa=class extends ft{constructor(){super(),de(this,Xr),de(this,Zr),de(this,Yi),de(this,xa),this.mediaStateReceivers=[],this.associatedElementSubscriptions=new Map,de(this,qe,new Yt(this,u.HOTKEYS)),de(this,Ki,void 0),de(this,C,void 0),de(this,ce,null),de(this,Gi,void 0),de(this,Me,void 0),de(this,Qr,t=>{var r;(r=g(this,C))==null||r.dispatch(t)}),de(this,zi,void 0),de(this,Tt,t=>{let{key:r,shiftKey:s}=t;if(!(s&&(r==="/"||r==="?")||Tl.includes(r))){this.removeEventListener("keyup",g(this,Tt));return}this.keyboardShortcutHandler(t)}),this.associateElement(this);let e={};Ae(this,Gi,t=>{Object.entries(t).forEach(([r,s])=>{if(r in e&&e[r]===s)return;this.propagateMediaState(r,s);let a=r.toLowerCase(),n=new c.CustomEvent(Ro[a],{composed:!0,detail:s});this.dispatchEvent(n)}),e=t})}static get observedAttributes(){return super.observedAttributes.concat(u.NO_HOTKEYS,u.HOTKEYS,u.DEFAULT_STREAM_TYPE,u.DEFAULT_SUBTITLES,u.DEFAULT_DURATION,u.NO_MUTED_PREF,u.NO_VOLUME_PREF,u.LANG,u.LOOP,u.LIVE_EDGE_OFFSET,u.SEEK_TO_LIVE_OFFSET,u.NO_AUTO_SEEK_TO_LIVE)}get mediaStore(){return g(this,C)}set mediaStore(e){var t,r;if(g(this,C)&&((t=g(this,Me))==null||t.call(this),Ae(this,Me,void 0)),Ae(this,C,e),!g(this,C)&&!this.hasAttribute(u.NO_DEFAULT_STORE)){je(this,Xr,Ca).call(this);return}Ae(this,Me,(r=g(this,C))==null?void 0:r.subscribe(g(this,Gi)))}get fullscreenElement(){var e;return(e=g(this,Ki))!=null?e:this}set fullscreenElement(e){var t;this.hasAttribute(u.FULLSCREEN_ELEMENT)&&this.removeAttribute(u.FULLSCREEN_ELEMENT),Ae(this,Ki,e),(t=g(this,C))==null||t.dispatch({type:"fullscreenelementchangerequest",detail:this.fullscreenElement})}get defaultSubtitles(){return k(this,u.DEFAULT_SUBTITLES)}set defaultSubtitles(e){w(this,u.DEFAULT_SUBTITLES,e)}get defaultStreamType(){return D(this,u.DEFAULT_STREAM_TYPE)}set defaultStreamType(e){R(this,u.DEFAULT_STREAM_TYPE,e)}get defaultDuration(){return Y(this,u.DEFAULT_DURATION)}set defaultDuration(e){Q(this,u.DEFAULT_DURATION,e)}get noHotkeys(){return k(this,u.NO_HOTKEYS)}set noHotkeys(e){w(this,u.NO_HOTKEYS,e)}get keysUsed(){return D(this,u.KEYS_USED)}set keysUsed(e){R(this,u.KEYS_USED,e)}get liveEdgeOffset(){return Y(this,u.LIVE_EDGE_OFFSET)}set liveEdgeOffset(e){Q(this,u.LIVE_EDGE_OFFSET,e)}get noAutoSeekToLive(){return k(this,u.NO_AUTO_SEEK_TO_LIVE)}set noAutoSeekToLive(e){w(this,u.NO_AUTO_SEEK_TO_LIVE,e)}get noVolumePref(){return k(this,u.NO_VOLUME_PREF)}set noVolumePref(e){w(this,u.NO_VOLUME_PREF,e)}get noMutedPref(){return k(this,u.NO_MUTED_PREF)}set noMutedPref(e){w(this,u.NO_MUTED_PREF,e)}get noSubtitlesLangPref(){return k(this,u.NO_SUBTITLES_LANG_PREF)}set noSubtitlesLangPref(e){w(this,u.NO_SUBTITLES_LANG_PREF,e)}get noDefaultStore(){return k(this,u.NO_DEFAULT_STORE)}set noDefaultStore(e){w(this,u.NO_DEFAULT_STORE,e)}get resolvedLang(){return Ho()}attributeChangedCallback(e,t,r){var s,a,n,o,d,p,E,h,m,f,b,_;if(super.attributeChangedCallback(e,t,r),e===u.NO_HOTKEYS)r!==t&&r===""?(this.hasAttribute(u.HOTKEYS)&&console.warn("Media Chrome: Both `hotkeys` and `nohotkeys` have been set. All hotkeys will be disabled."),this.disableHotkeys()):r!==t&&r===null&&this.enableHotkeys(),je(this,Yi,jr).call(this);else if(e===u.HOTKEYS)g(this,qe).value=r,je(this,Yi,jr).call(this);else if(e===u.DEFAULT_SUBTITLES&&r!==t)(s=g(this,C))==null||s.dispatch({type:"optionschangerequest",detail:{defaultSubtitles:this.hasAttribute(u.DEFAULT_SUBTITLES)}});else if(e===u.DEFAULT_STREAM_TYPE)(n=g(this,C))==null||n.dispatch({type:"optionschangerequest",detail:{defaultStreamType:(a=this.getAttribute(u.DEFAULT_STREAM_TYPE))!=null?a:void 0}});else if(e===u.LIVE_EDGE_OFFSET&&r!==t)(o=g(this,C))==null||o.dispatch({type:"optionschangerequest",detail:{liveEdgeOffset:this.hasAttribute(u.LIVE_EDGE_OFFSET)?+this.getAttribute(u.LIVE_EDGE_OFFSET):void 0,seekToLiveOffset:this.hasAttribute(u.SEEK_TO_LIVE_OFFSET)?+this.getAttribute(u.SEEK_TO_LIVE_OFFSET):this.hasAttribute(u.LIVE_EDGE_OFFSET)?+this.getAttribute(u.LIVE_EDGE_OFFSET):void 0}});else if(e===u.SEEK_TO_LIVE_OFFSET&&r!==t)(d=g(this,C))==null||d.dispatch({type:"optionschangerequest",detail:{seekToLiveOffset:this.hasAttribute(u.SEEK_TO_LIVE_OFFSET)?+this.getAttribute(u.SEEK_TO_LIVE_OFFSET):this.hasAttribute(u.LIVE_EDGE_OFFSET)?+this.getAttribute(u.LIVE_EDGE_OFFSET):void 0}});else if(e===u.NO_AUTO_SEEK_TO_LIVE)(p=g(this,C))==null||p.dispatch({type:"optionschangerequest",detail:{noAutoSeekToLive:this.hasAttribute(u.NO_AUTO_SEEK_TO_LIVE)}});else if(e===u.FULLSCREEN_ELEMENT){let L=r?(E=this.getRootNode())==null?void 0:E.getElementById(r):void 0;Ae(this,Ki,L),(h=g(this,C))==null||h.dispatch({type:"fullscreenelementchangerequest",detail:this.fullscreenElement})}else e===u.LANG&&r!==t?(No(r),(m=g(this,C))==null||m.dispatch({type:"optionschangerequest",detail:{mediaLang:r}})):e===u.LOOP&&r!==t?(f=g(this,C))==null||f.dispatch({type:v.MEDIA_LOOP_REQUEST,detail:r!=null}):e===u.NO_VOLUME_PREF&&r!==t?(b=g(this,C))==null||b.dispatch({type:"optionschangerequest",detail:{noVolumePref:this.hasAttribute(u.NO_VOLUME_PREF)}}):e===u.NO_MUTED_PREF&&r!==t&&((_=g(this,C))==null||_.dispatch({type:"optionschangerequest",detail:{noMutedPref:this.hasAttribute(u.NO_MUTED_PREF)}}))}connectedCallback(){var e,t,r;this.associateElement(this),!g(this,C)&&!this.hasAttribute(u.NO_DEFAULT_STORE)&&je(this,Xr,Ca).call(this),(e=g(this,C))==null||e.dispatch({type:"documentelementchangerequest",detail:B}),(t=g(this,C))==null||t.dispatch({type:"fullscreenelementchangerequest",detail:this.fullscreenElement}),super.connectedCallback(),g(this,C)&&!g(this,Me)&&Ae(this,Me,(r=g(this,C))==null?void 0:r.subscribe(g(this,Gi))),g(this,zi)!==void 0&&g(this,C)&&this.media&&setTimeout(()=>{var s,a,n;(a=(s=this.media)==null?void 0:s.textTracks)!=null&&a.length&&((n=g(this,C))==null||n.dispatch({type:v.MEDIA_TOGGLE_SUBTITLES_REQUEST,detail:g(this,zi)}))},0),this.hasAttribute(u.NO_HOTKEYS)?this.disableHotkeys():this.enableHotkeys()}disconnectedCallback(){var e,t,r,s,a,n;if((e=super.disconnectedCallback)==null||e.call(this),this.disableHotkeys(),g(this,C)){let o=g(this,C).getState();Ae(this,zi,!!((t=o.mediaSubtitlesShowing)!=null&&t.length)),(r=g(this,C))==null||r.dispatch({type:"fullscreenelementchangerequest",detail:void 0}),(s=g(this,C))==null||s.dispatch({type:"documentelementchangerequest",detail:void 0}),(a=g(this,C))==null||a.dispatch({type:v.MEDIA_TOGGLE_SUBTITLES_REQUEST,detail:!1})}g(this,Me)&&((n=g(this,Me))==null||n.call(this),Ae(this,Me,void 0)),this.unassociateElement(this),g(this,ce)&&(g(this,ce).remove(),Ae(this,ce,null))}mediaSetCallback(e){var t;super.mediaSetCallback(e),(t=g(this,C))==null||t.dispatch({type:"mediaelementchangerequest",detail:e}),e.hasAttribute("tabindex")||(e.tabIndex=-1)}mediaUnsetCallback(e){var t;super.mediaUnsetCallback(e),(t=g(this,C))==null||t.dispatch({type:"mediaelementchangerequest",detail:void 0})}propagateMediaState(e,t){yl(this.mediaStateReceivers,e,t)}associateElement(e){if(!e)return;let{associatedElementSubscriptions:t}=this;if(t.has(e))return;let r=this.registerMediaStateReceiver.bind(this),s=this.unregisterMediaStateReceiver.bind(this),a=bc(e,r,s);Object.values(v).forEach(n=>{e.addEventListener(n,g(this,Qr))}),t.set(e,a)}unassociateElement(e){if(!e)return;let{associatedElementSubscriptions:t}=this;if(!t.has(e))return;t.get(e)(),t.delete(e),Object.values(v).forEach(s=>{e.removeEventListener(s,g(this,Qr))})}registerMediaStateReceiver(e){if(!e)return;let t=this.mediaStateReceivers;t.indexOf(e)>-1||(t.push(e),g(this,C)&&Object.entries(g(this,C).getState()).forEach(([s,a])=>{yl([e],s,a)}))}unregisterMediaStateReceiver(e){let t=this.mediaStateReceivers,r=t.indexOf(e);r<0||t.splice(r,1)}enableHotkeys(){this.addEventListener("keydown",je(this,Zr,Da))}disableHotkeys(){this.removeEventListener("keydown",je(this,Zr,Da)),this.removeEventListener("keyup",g(this,Tt))}get hotkeys(){return g(this,qe)}set hotkeys(e){R(this,u.HOTKEYS,e)}keyboardShortcutHandler(e){var t,r,s,a,n,o,d,p,E;let h=e.target;if(((s=(r=(t=h.getAttribute(u.KEYS_USED))==null?void 0:t.split(" "))!=null?r:h?.keysUsed)!=null?s:[]).map(I=>I==="Space"?" ":I).filter(Boolean).includes(e.key))return;let f,b,_;if(!(g(this,qe).contains(Fr(e.key))||e.shiftKey&&(e.key==="/"||e.key==="?")&&g(this,qe).contains("noshift+/")))switch(e.key){case" ":case"k":f=g(this,C).getState().mediaPaused?v.MEDIA_PLAY_REQUEST:v.MEDIA_PAUSE_REQUEST,this.dispatchEvent(new c.CustomEvent(f,{composed:!0,bubbles:!0}));break;case"m":f=this.mediaStore.getState().mediaVolumeLevel==="off"?v.MEDIA_UNMUTE_REQUEST:v.MEDIA_MUTE_REQUEST,this.dispatchEvent(new c.CustomEvent(f,{composed:!0,bubbles:!0}));break;case"f":f=this.mediaStore.getState().mediaIsFullscreen?v.MEDIA_EXIT_FULLSCREEN_REQUEST:v.MEDIA_ENTER_FULLSCREEN_REQUEST,this.dispatchEvent(new c.CustomEvent(f,{composed:!0,bubbles:!0}));break;case"c":this.dispatchEvent(new c.CustomEvent(v.MEDIA_TOGGLE_SUBTITLES_REQUEST,{composed:!0,bubbles:!0}));break;case"ArrowLeft":case"j":{let I=this.hasAttribute(u.KEYBOARD_BACKWARD_SEEK_OFFSET)?+this.getAttribute(u.KEYBOARD_BACKWARD_SEEK_OFFSET):vl;b=Math.max(((a=this.mediaStore.getState().mediaCurrentTime)!=null?a:0)-I,0),_=new c.CustomEvent(v.MEDIA_SEEK_REQUEST,{composed:!0,bubbles:!0,detail:b}),this.dispatchEvent(_);break}case"ArrowRight":case"l":{let I=this.hasAttribute(u.KEYBOARD_FORWARD_SEEK_OFFSET)?+this.getAttribute(u.KEYBOARD_FORWARD_SEEK_OFFSET):vl;b=Math.max(((n=this.mediaStore.getState().mediaCurrentTime)!=null?n:0)+I,0),_=new c.CustomEvent(v.MEDIA_SEEK_REQUEST,{composed:!0,bubbles:!0,detail:b}),this.dispatchEvent(_);break}case"ArrowUp":{let I=this.hasAttribute(u.KEYBOARD_UP_VOLUME_STEP)?+this.getAttribute(u.KEYBOARD_UP_VOLUME_STEP):El;b=Math.min(((o=this.mediaStore.getState().mediaVolume)!=null?o:1)+I,1),_=new c.CustomEvent(v.MEDIA_VOLUME_REQUEST,{composed:!0,bubbles:!0,detail:b}),this.dispatchEvent(_);break}case"ArrowDown":{let I=this.hasAttribute(u.KEYBOARD_DOWN_VOLUME_STEP)?+this.getAttribute(u.KEYBOARD_DOWN_VOLUME_STEP):El;b=Math.max(((d=this.mediaStore.getState().mediaVolume)!=null?d:1)-I,0),_=new c.CustomEvent(v.MEDIA_VOLUME_REQUEST,{composed:!0,bubbles:!0,detail:b}),this.dispatchEvent(_);break}case"<":{let I=(p=this.mediaStore.getState().mediaPlaybackRate)!=null?p:1;b=Math.max(I-gl,pc).toFixed(2),_=new c.CustomEvent(v.MEDIA_PLAYBACK_RATE_REQUEST,{composed:!0,bubbles:!0,detail:b}),this.dispatchEvent(_);break}case">":{let I=(E=this.mediaStore.getState().mediaPlaybackRate)!=null?E:1;b=Math.min(I+gl,mc).toFixed(2),_=new c.CustomEvent(v.MEDIA_PLAYBACK_RATE_REQUEST,{composed:!0,bubbles:!0,detail:b}),this.dispatchEvent(_);break}case"/":case"?":{e.shiftKey&&je(this,xa,Al).call(this);break}case"p":{f=this.mediaStore.getState().mediaIsPip?v.MEDIA_EXIT_PIP_REQUEST:v.MEDIA_ENTER_PIP_REQUEST,_=new c.CustomEvent(f,{composed:!0,bubbles:!0}),this.dispatchEvent(_);break}default:break}}};qe=new WeakMap;Ki=new WeakMap;C=new WeakMap;ce=new WeakMap;Gi=new WeakMap;Me=new WeakMap;Qr=new WeakMap;zi=new WeakMap;Xr=new WeakSet;Ca=function(){var i;this.mediaStore=fl({media:this.media,fullscreenElement:this.fullscreenElement,options:{defaultSubtitles:this.hasAttribute(u.DEFAULT_SUBTITLES),defaultDuration:this.hasAttribute(u.DEFAULT_DURATION)?+this.getAttribute(u.DEFAULT_DURATION):void 0,defaultStreamType:(i=this.getAttribute(u.DEFAULT_STREAM_TYPE))!=null?i:void 0,liveEdgeOffset:this.hasAttribute(u.LIVE_EDGE_OFFSET)?+this.getAttribute(u.LIVE_EDGE_OFFSET):void 0,seekToLiveOffset:this.hasAttribute(u.SEEK_TO_LIVE_OFFSET)?+this.getAttribute(u.SEEK_TO_LIVE_OFFSET):this.hasAttribute(u.LIVE_EDGE_OFFSET)?+this.getAttribute(u.LIVE_EDGE_OFFSET):void 0,noAutoSeekToLive:this.hasAttribute(u.NO_AUTO_SEEK_TO_LIVE),noVolumePref:this.hasAttribute(u.NO_VOLUME_PREF),noMutedPref:this.hasAttribute(u.NO_MUTED_PREF),noSubtitlesLangPref:this.hasAttribute(u.NO_SUBTITLES_LANG_PREF)}})};Tt=new WeakMap;Zr=new WeakSet;Da=function(i){var e;let{metaKey:t,altKey:r,key:s,shiftKey:a}=i,n=a&&(s==="/"||s==="?");if(n&&((e=g(this,ce))!=null&&e.open)){this.removeEventListener("keyup",g(this,Tt));return}if(t||r||!n&&!Tl.includes(s)){this.removeEventListener("keyup",g(this,Tt));return}let o=i.target,d=o instanceof HTMLElement&&(o.tagName.toLowerCase()==="media-volume-range"||o.tagName.toLowerCase()==="media-time-range");[" ","ArrowLeft","ArrowRight","ArrowUp","ArrowDown"].includes(s)&&!g(this,qe).contains(Fr(s))&&!d&&i.preventDefault(),this.addEventListener("keyup",g(this,Tt),{once:!0})};Yi=new WeakSet;jr=function(){g(this,ce)&&(g(this,ce).hotkeys=g(this,qe).value||void 0,(this.noHotkeys||g(this,qe).contains("noshift+/"))&&(g(this,ce).open=!1))};xa=new WeakSet;Al=function(){g(this,ce)||(Ae(this,ce,B.createElement("media-keyboard-shortcuts-dialog")),je(this,Yi,jr).call(this),this.appendChild(g(this,ce))),g(this,ce).open=!0};var fc=Object.values(l),vc=Object.values(na),Sl=i=>{var e,t,r,s;let{observedAttributes:a}=i.constructor;!a&&((e=i.nodeName)!=null&&e.includes("-"))&&(c.customElements.upgrade(i),{observedAttributes:a}=i.constructor);let n=(s=(r=(t=i?.getAttribute)==null?void 0:t.call(i,M.MEDIA_CHROME_ATTRIBUTES))==null?void 0:r.split)==null?void 0:s.call(r,/\s+/);return Array.isArray(a||n)?(a||n).filter(o=>fc.includes(o)):[]},Ec=i=>{var e,t;return(e=i.nodeName)!=null&&e.includes("-")&&c.customElements.get((t=i.nodeName)==null?void 0:t.toLowerCase())&&!(i instanceof c.customElements.get(i.nodeName.toLowerCase()))&&c.customElements.upgrade(i),vc.some(r=>r in i)},Ua=i=>Ec(i)||!!Sl(i).length,_l=i=>{var e;return(e=i?.join)==null?void 0:e.call(i,":")},bl={[l.MEDIA_SUBTITLES_LIST]:Vi,[l.MEDIA_SUBTITLES_SHOWING]:Vi,[l.MEDIA_SEEKABLE]:_l,[l.MEDIA_BUFFERED]:i=>i?.map(_l).join(" "),[l.MEDIA_PREVIEW_COORDS]:i=>i?.join(" "),[l.MEDIA_RENDITION_LIST]:Zo,[l.MEDIA_AUDIO_TRACK_LIST]:jo},gc=async(i,e,t)=>{var r,s;if(i.isConnected||await qr(0),typeof t=="boolean"||t==null)return w(i,e,t);if(typeof t=="number")return Q(i,e,t);if(typeof t=="string")return R(i,e,t);if(Array.isArray(t)&&!t.length)return i.removeAttribute(e);let a=(s=(r=bl[e])==null?void 0:r.call(bl,t))!=null?s:t;return i.setAttribute(e,a)},_c=i=>{var e;return!!((e=i.closest)!=null&&e.call(i,'*[slot="media"]'))},At=(i,e)=>{if(_c(i))return;let t=(s,a)=>{var n,o;Ua(s)&&a(s);let{children:d=[]}=s??{},p=(o=(n=s?.shadowRoot)==null?void 0:n.children)!=null?o:[];[...d,...p].forEach(h=>At(h,a))},r=i?.nodeName.toLowerCase();if(r.includes("-")&&!Ua(i)){c.customElements.whenDefined(r).then(()=>{t(i,e)});return}t(i,e)},yl=(i,e,t)=>{i.forEach(r=>{if(e in r){r[e]=t;return}let s=Sl(r),a=e.toLowerCase();s.includes(a)&&gc(r,a,t)})},bc=(i,e,t)=>{At(i,e);let r=E=>{var h;let m=(h=E?.composedPath()[0])!=null?h:E.target;e(m)},s=E=>{var h;let m=(h=E?.composedPath()[0])!=null?h:E.target;t(m)};i.addEventListener(v.REGISTER_MEDIA_STATE_RECEIVER,r),i.addEventListener(v.UNREGISTER_MEDIA_STATE_RECEIVER,s);let a=E=>{E.forEach(h=>{let{addedNodes:m=[],removedNodes:f=[],type:b,target:_,attributeName:L}=h;b==="childList"?(Array.prototype.forEach.call(m,I=>At(I,e)),Array.prototype.forEach.call(f,I=>At(I,t))):b==="attributes"&&L===M.MEDIA_CHROME_ATTRIBUTES&&(Ua(_)?e(_):t(_))})},n=[],o=E=>{let h=E.target;h.name!=="media"&&(n.forEach(m=>At(m,t)),n=[...h.assignedElements({flatten:!0})],n.forEach(m=>At(m,e)))};i.addEventListener("slotchange",o);let d=new MutationObserver(a);return d.observe(i,{childList:!0,attributes:!0,subtree:!0}),()=>{At(i,t),i.removeEventListener("slotchange",o),d.disconnect(),i.removeEventListener(v.REGISTER_MEDIA_STATE_RECEIVER,r),i.removeEventListener(v.UNREGISTER_MEDIA_STATE_RECEIVER,s)}};c.customElements.get("media-controller")||c.customElements.define("media-controller",Pa);var kl=(i,e,t)=>{if(!e.has(i))throw TypeError("Cannot "+t)},Jr=(i,e,t)=>(kl(i,e,"read from private field"),t?t.call(i):e.get(i)),yc=(i,e,t)=>{if(e.has(i))throw TypeError("Cannot add the same private member more than once");e instanceof WeakSet?e.add(i):e.set(i,t)},es=(i,e,t,r)=>(kl(i,e,"write to private field"),r?r.call(i,t):e.set(i,t),t),Le;function Ac(i){return`
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
  `}var Qi=class extends c.HTMLElement{constructor(){if(super(),yc(this,Le,void 0),!this.shadowRoot){this.attachShadow(this.constructor.shadowRootOptions);let e=N(this.attributes);this.shadowRoot.innerHTML=this.constructor.getTemplateHTML(e)}}static get observedAttributes(){return[M.MEDIA_CONTROLLER]}attributeChangedCallback(e,t,r){var s,a,n,o,d;e===M.MEDIA_CONTROLLER&&(t&&((a=(s=Jr(this,Le))==null?void 0:s.unassociateElement)==null||a.call(s,this),es(this,Le,null)),r&&this.isConnected&&(es(this,Le,(n=this.getRootNode())==null?void 0:n.getElementById(r)),(d=(o=Jr(this,Le))==null?void 0:o.associateElement)==null||d.call(o,this)))}connectedCallback(){var e,t,r;let s=this.getAttribute(M.MEDIA_CONTROLLER);s&&(es(this,Le,(e=this.getRootNode())==null?void 0:e.getElementById(s)),(r=(t=Jr(this,Le))==null?void 0:t.associateElement)==null||r.call(t,this))}disconnectedCallback(){var e,t;(t=(e=Jr(this,Le))==null?void 0:e.unassociateElement)==null||t.call(e,this),es(this,Le,null)}};Le=new WeakMap;Qi.shadowRootOptions={mode:"open"};Qi.getTemplateHTML=Ac;c.customElements.get("media-control-bar")||c.customElements.define("media-control-bar",Qi);var jt={PLACEMENT:"placement",BOUNDS:"bounds"};function Tc(i){return`
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
  `}var Jt=class extends c.HTMLElement{constructor(){if(super(),this.updateXOffset=()=>{var e;if(!Cr(this,{checkOpacity:!1,checkVisibilityCSS:!1}))return;let t=this.placement;if(t==="left"||t==="right"){this.style.removeProperty("--media-tooltip-offset-x");return}let r=getComputedStyle(this),s=(e=Ie(this,"#"+this.bounds))!=null?e:Rr(this);if(!s)return;let{x:a,width:n}=s.getBoundingClientRect(),{x:o,width:d}=this.getBoundingClientRect(),p=o+d,E=a+n,h=r.getPropertyValue("--media-tooltip-offset-x"),m=h?parseFloat(h.replace("px","")):0,f=r.getPropertyValue("--media-tooltip-container-margin"),b=f?parseFloat(f.replace("px","")):0,_=o-a+m-b,L=p-E+m+b;if(_<0){this.style.setProperty("--media-tooltip-offset-x",`${_}px`);return}if(L>0){this.style.setProperty("--media-tooltip-offset-x",`${L}px`);return}this.style.removeProperty("--media-tooltip-offset-x")},!this.shadowRoot){this.attachShadow(this.constructor.shadowRootOptions);let e=N(this.attributes);this.shadowRoot.innerHTML=this.constructor.getTemplateHTML(e)}if(this.arrowEl=this.shadowRoot.querySelector("#arrow"),Object.prototype.hasOwnProperty.call(this,"placement")){let e=this.placement;delete this.placement,this.placement=e}}static get observedAttributes(){return[jt.PLACEMENT,jt.BOUNDS]}get placement(){return D(this,jt.PLACEMENT)}set placement(e){R(this,jt.PLACEMENT,e)}get bounds(){return D(this,jt.BOUNDS)}set bounds(e){R(this,jt.BOUNDS,e)}};Jt.shadowRootOptions={mode:"open"};Jt.getTemplateHTML=Tc;c.customElements.get("media-tooltip")||c.customElements.define("media-tooltip",Jt);var $a=Jt;var Ba=(i,e,t)=>{if(!e.has(i))throw TypeError("Cannot "+t)},q=(i,e,t)=>(Ba(i,e,"read from private field"),t?t.call(i):e.get(i)),St=(i,e,t)=>{if(e.has(i))throw TypeError("Cannot add the same private member more than once");e instanceof WeakSet?e.add(i):e.set(i,t)},ts=(i,e,t,r)=>(Ba(i,e,"write to private field"),r?r.call(i,t):e.set(i,t),t),wl=(i,e,t)=>(Ba(i,e,"access private method"),t),Re,ti,Na,Il,et,ei,is,Ha,Ml,Je={TOOLTIP_PLACEMENT:"tooltipplacement",DISABLED:"disabled",NO_TOOLTIP:"notooltip"};function Sc(i,e={}){return`
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
        <template shadowrootmode="${$a.shadowRootOptions.mode}">
          ${$a.getTemplateHTML({})}
        </template>
        <slot name="tooltip-content">
          ${this.getTooltipContentHTML(i)}
        </slot>
      </media-tooltip>
    </slot>
  `}function kc(i,e){return`
    <slot></slot>
  `}function wc(){return""}var K=class extends c.HTMLElement{constructor(){if(super(),St(this,Na),St(this,Ha),St(this,Re,void 0),this.preventClick=!1,this.tooltipEl=null,St(this,ti,e=>{this.preventClick||this.handleClick(e),setTimeout(q(this,et),0)}),St(this,et,()=>{var e,t;(t=(e=this.tooltipEl)==null?void 0:e.updateXOffset)==null||t.call(e)}),St(this,ei,e=>{let{key:t}=e;if(!this.keysUsed.includes(t)){this.removeEventListener("keyup",q(this,ei));return}this.preventClick||this.handleClick(e)}),St(this,is,e=>{let{metaKey:t,altKey:r,key:s}=e;if(t||r||!this.keysUsed.includes(s)){this.removeEventListener("keyup",q(this,ei));return}this.addEventListener("keyup",q(this,ei),{once:!0})}),!this.shadowRoot){this.attachShadow(this.constructor.shadowRootOptions);let e=N(this.attributes),t=this.constructor.getTemplateHTML(e);this.shadowRoot.setHTMLUnsafe?this.shadowRoot.setHTMLUnsafe(t):this.shadowRoot.innerHTML=t}this.tooltipEl=this.shadowRoot.querySelector("media-tooltip")}static get observedAttributes(){return["disabled",Je.TOOLTIP_PLACEMENT,M.MEDIA_CONTROLLER,l.MEDIA_LANG]}enable(){this.addEventListener("click",q(this,ti)),this.addEventListener("keydown",q(this,is)),this.tabIndex=0}disable(){this.removeEventListener("click",q(this,ti)),this.removeEventListener("keydown",q(this,is)),this.removeEventListener("keyup",q(this,ei)),this.tabIndex=-1}attributeChangedCallback(e,t,r){var s,a,n,o,d;e===M.MEDIA_CONTROLLER?(t&&((a=(s=q(this,Re))==null?void 0:s.unassociateElement)==null||a.call(s,this),ts(this,Re,null)),r&&this.isConnected&&(ts(this,Re,(n=this.getRootNode())==null?void 0:n.getElementById(r)),(d=(o=q(this,Re))==null?void 0:o.associateElement)==null||d.call(o,this))):e==="disabled"&&r!==t?r==null?this.enable():this.disable():e===Je.TOOLTIP_PLACEMENT&&this.tooltipEl&&r!==t?this.tooltipEl.placement=r:e===l.MEDIA_LANG&&(this.shadowRoot.querySelector('slot[name="tooltip-content"]').innerHTML=this.constructor.getTooltipContentHTML()),wl(this,Na,Il).call(this)&&q(this,et).call(this)}connectedCallback(){var e,t,r;let{style:s}=P(this.shadowRoot,":host");s.setProperty("display",`var(--media-control-display, var(--${this.localName}-display, inline-flex))`),this.hasAttribute("disabled")?this.disable():this.enable(),this.setAttribute("role","button");let a=this.getAttribute(M.MEDIA_CONTROLLER);a&&(ts(this,Re,(e=this.getRootNode())==null?void 0:e.getElementById(a)),(r=(t=q(this,Re))==null?void 0:t.associateElement)==null||r.call(t,this)),c.customElements.whenDefined("media-tooltip").then(()=>wl(this,Ha,Ml).call(this))}disconnectedCallback(){var e,t;this.disable(),(t=(e=q(this,Re))==null?void 0:e.unassociateElement)==null||t.call(e,this),ts(this,Re,null),this.removeEventListener("mouseenter",q(this,et)),this.removeEventListener("focus",q(this,et)),this.removeEventListener("click",q(this,ti))}get keysUsed(){return["Enter"," "]}get tooltipPlacement(){return D(this,Je.TOOLTIP_PLACEMENT)}set tooltipPlacement(e){R(this,Je.TOOLTIP_PLACEMENT,e)}get mediaController(){return D(this,M.MEDIA_CONTROLLER)}set mediaController(e){R(this,M.MEDIA_CONTROLLER,e)}get disabled(){return k(this,Je.DISABLED)}set disabled(e){w(this,Je.DISABLED,e)}get noTooltip(){return k(this,Je.NO_TOOLTIP)}set noTooltip(e){w(this,Je.NO_TOOLTIP,e)}handleClick(e){}};Re=new WeakMap;ti=new WeakMap;Na=new WeakSet;Il=function(){try{return this.matches(":hover, :focus-visible")}catch{return this.matches(":hover, :focus")}};et=new WeakMap;ei=new WeakMap;is=new WeakMap;Ha=new WeakSet;Ml=function(){this.addEventListener("mouseenter",q(this,et)),this.addEventListener("focus",q(this,et)),this.addEventListener("click",q(this,ti));let i=this.tooltipPlacement;i&&this.tooltipEl&&(this.tooltipEl.placement=i)};K.shadowRootOptions={mode:"open"};K.getTemplateHTML=Sc;K.getSlotTemplateHTML=kc;K.getTooltipContentHTML=wc;c.customElements.get("media-chrome-button")||c.customElements.define("media-chrome-button",K);var Ic=`<svg aria-hidden="true" viewBox="0 0 24 24">
  <path d="m6 21 15-9L6 3v18Z"/>
</svg>`,Mc=`<svg aria-hidden="true" viewBox="0 0 24 24">
  <path d="M6 20h4V4H6v16Zm8-16v16h4V4h-4Z"/>
</svg>`;function Lc(i){return`
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
      <slot name="play">${Ic}</slot>
      <slot name="pause">${Mc}</slot>
    </slot>
  `}function Rc(){return`
    <slot name="tooltip-play">${T("Play")}</slot>
    <slot name="tooltip-pause">${T("Pause")}</slot>
  `}var Ll=i=>{let e=i.mediaPaused?T("play"):T("pause");i.setAttribute("aria-label",e)},Xi=class extends K{static get observedAttributes(){return[...super.observedAttributes,l.MEDIA_PAUSED,l.MEDIA_ENDED]}connectedCallback(){super.connectedCallback(),Ll(this)}attributeChangedCallback(e,t,r){super.attributeChangedCallback(e,t,r),(e===l.MEDIA_PAUSED||e===l.MEDIA_LANG)&&Ll(this)}get mediaPaused(){return k(this,l.MEDIA_PAUSED)}set mediaPaused(e){w(this,l.MEDIA_PAUSED,e)}handleClick(){let e=this.mediaPaused?v.MEDIA_PLAY_REQUEST:v.MEDIA_PAUSE_REQUEST;this.dispatchEvent(new c.CustomEvent(e,{composed:!0,bubbles:!0}))}};Xi.getSlotTemplateHTML=Lc;Xi.getTooltipContentHTML=Rc;c.customElements.get("media-play-button")||c.customElements.define("media-play-button",Xi);var za=(i,e,t)=>{if(!e.has(i))throw TypeError("Cannot "+t)},H=(i,e,t)=>(za(i,e,"read from private field"),t?t.call(i):e.get(i)),J=(i,e,t)=>{if(e.has(i))throw TypeError("Cannot add the same private member more than once");e instanceof WeakSet?e.add(i):e.set(i,t)},tt=(i,e,t,r)=>(za(i,e,"write to private field"),r?r.call(i,t):e.set(i,t),t),Te=(i,e,t)=>(za(i,e,"access private method"),t),Ce,hs,rs,ss,Se,cs,as,ns,os,Ya,Rl,ls,Fa,ds,Wa,us,Qa,Va,Cl,qa,Dl,Ka,xl,Ga,Pl;function Cc(i){return`
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
  `}function Dc(i){return""}var De=class extends c.HTMLElement{constructor(){if(super(),J(this,Ya),J(this,ls),J(this,ds),J(this,us),J(this,Va),J(this,qa),J(this,Ka),J(this,Ga),J(this,Ce,void 0),J(this,hs,void 0),J(this,rs,void 0),J(this,ss,void 0),J(this,Se,{}),J(this,cs,[]),J(this,as,()=>{if(this.range.matches(":focus-visible")){let{style:e}=P(this.shadowRoot,":host");e.setProperty("--_focus-visible-box-shadow","var(--_focus-box-shadow)")}}),J(this,ns,()=>{let{style:e}=P(this.shadowRoot,":host");e.removeProperty("--_focus-visible-box-shadow")}),J(this,os,()=>{let e=this.shadowRoot.querySelector("#segments-clipping");e&&e.parentNode.append(e)}),!this.shadowRoot){this.attachShadow(this.constructor.shadowRootOptions);let e=N(this.attributes),t=this.constructor.getTemplateHTML(e);this.shadowRoot.setHTMLUnsafe?this.shadowRoot.setHTMLUnsafe(t):this.shadowRoot.innerHTML=t}this.container=this.shadowRoot.querySelector("#container"),tt(this,rs,this.shadowRoot.querySelector("#startpoint")),tt(this,ss,this.shadowRoot.querySelector("#endpoint")),this.range=this.shadowRoot.querySelector("#range"),this.appearance=this.shadowRoot.querySelector("#appearance")}static get observedAttributes(){return["disabled","aria-disabled",M.MEDIA_CONTROLLER]}attributeChangedCallback(e,t,r){var s,a,n,o,d;e===M.MEDIA_CONTROLLER?(t&&((a=(s=H(this,Ce))==null?void 0:s.unassociateElement)==null||a.call(s,this),tt(this,Ce,null)),r&&this.isConnected&&(tt(this,Ce,(n=this.getRootNode())==null?void 0:n.getElementById(r)),(d=(o=H(this,Ce))==null?void 0:o.associateElement)==null||d.call(o,this))):(e==="disabled"||e==="aria-disabled"&&t!==r)&&(r==null?(this.range.removeAttribute(e),Te(this,ls,Fa).call(this)):(this.range.setAttribute(e,r),Te(this,ds,Wa).call(this)))}connectedCallback(){var e,t,r;let{style:s}=P(this.shadowRoot,":host");s.setProperty("display",`var(--media-control-display, var(--${this.localName}-display, inline-flex))`),H(this,Se).pointer=P(this.shadowRoot,"#pointer"),H(this,Se).progress=P(this.shadowRoot,"#progress"),H(this,Se).thumb=P(this.shadowRoot,'#thumb, ::slotted([slot="thumb"])'),H(this,Se).activeSegment=P(this.shadowRoot,"#segments-clipping rect:nth-child(0)");let a=this.getAttribute(M.MEDIA_CONTROLLER);a&&(tt(this,Ce,(e=this.getRootNode())==null?void 0:e.getElementById(a)),(r=(t=H(this,Ce))==null?void 0:t.associateElement)==null||r.call(t,this)),this.updateBar(),this.shadowRoot.addEventListener("focusin",H(this,as)),this.shadowRoot.addEventListener("focusout",H(this,ns)),Te(this,ls,Fa).call(this),Ut(this.container,H(this,os))}disconnectedCallback(){var e,t;Te(this,ds,Wa).call(this),(t=(e=H(this,Ce))==null?void 0:e.unassociateElement)==null||t.call(e,this),tt(this,Ce,null),this.shadowRoot.removeEventListener("focusin",H(this,as)),this.shadowRoot.removeEventListener("focusout",H(this,ns)),Ot(this.container,H(this,os))}updatePointerBar(e){var t;(t=H(this,Se).pointer)==null||t.style.setProperty("width",`${this.getPointerRatio(e)*100}%`)}updateBar(){var e,t;let r=this.range.valueAsNumber*100;(e=H(this,Se).progress)==null||e.style.setProperty("width",`${r}%`),(t=H(this,Se).thumb)==null||t.style.setProperty("left",`${r}%`)}updateSegments(e){let t=this.shadowRoot.querySelector("#segments-clipping");if(t.textContent="",this.container.classList.toggle("segments",!!e?.length),!e?.length)return;let r=[...new Set([+this.range.min,...e.flatMap(a=>[a.start,a.end]),+this.range.max])];tt(this,cs,[...r]);let s=r.pop();for(let[a,n]of r.entries()){let[o,d]=[a===0,a===r.length-1],p=o?"calc(var(--segments-gap) / -1)":`${n*100}%`,h=`calc(${((d?s:r[a+1])-n)*100}%${o||d?"":" - var(--segments-gap)"})`,m=B.createElementNS("http://www.w3.org/2000/svg","rect"),f=Pi(this.shadowRoot,`#segments-clipping rect:nth-child(${a+1})`);f.style.setProperty("x",p),f.style.setProperty("width",h),t.append(m)}}getPointerRatio(e){return Po(e.clientX,e.clientY,H(this,rs).getBoundingClientRect(),H(this,ss).getBoundingClientRect())}get dragging(){return this.hasAttribute("dragging")}handleEvent(e){switch(e.type){case"pointermove":Te(this,Ga,Pl).call(this,e);break;case"input":this.updateBar();break;case"pointerenter":Te(this,Va,Cl).call(this,e);break;case"pointerdown":Te(this,us,Qa).call(this,e);break;case"pointerup":Te(this,qa,Dl).call(this);break;case"pointerleave":Te(this,Ka,xl).call(this);break}}get keysUsed(){return["ArrowUp","ArrowRight","ArrowDown","ArrowLeft"]}};Ce=new WeakMap;hs=new WeakMap;rs=new WeakMap;ss=new WeakMap;Se=new WeakMap;cs=new WeakMap;as=new WeakMap;ns=new WeakMap;os=new WeakMap;Ya=new WeakSet;Rl=function(i){let e=H(this,Se).activeSegment;if(!e)return;let t=this.getPointerRatio(i),s=`#segments-clipping rect:nth-child(${H(this,cs).findIndex((a,n,o)=>{let d=o[n+1];return d!=null&&t>=a&&t<=d})+1})`;(e.selectorText!=s||!e.style.transform)&&(e.selectorText=s,e.style.setProperty("transform","var(--media-range-segment-hover-transform, scaleY(2))"))};ls=new WeakSet;Fa=function(){this.hasAttribute("disabled")||!this.isConnected||(this.addEventListener("input",this),this.addEventListener("pointerdown",this),this.addEventListener("pointerenter",this))};ds=new WeakSet;Wa=function(){var i,e;this.removeEventListener("input",this),this.removeEventListener("pointerdown",this),this.removeEventListener("pointerenter",this),this.removeEventListener("pointerleave",this),(i=c.window)==null||i.removeEventListener("pointerup",this),(e=c.window)==null||e.removeEventListener("pointermove",this)};us=new WeakSet;Qa=function(i){var e;tt(this,hs,i.composedPath().includes(this.range)),(e=c.window)==null||e.addEventListener("pointerup",this,{once:!0})};Va=new WeakSet;Cl=function(i){var e;i.pointerType!=="mouse"&&Te(this,us,Qa).call(this,i),this.addEventListener("pointerleave",this,{once:!0}),(e=c.window)==null||e.addEventListener("pointermove",this)};qa=new WeakSet;Dl=function(){var i;(i=c.window)==null||i.removeEventListener("pointerup",this),this.toggleAttribute("dragging",!1),this.range.disabled=this.hasAttribute("disabled")};Ka=new WeakSet;xl=function(){var i,e;this.removeEventListener("pointerleave",this),(i=c.window)==null||i.removeEventListener("pointermove",this),this.toggleAttribute("dragging",!1),this.range.disabled=this.hasAttribute("disabled"),(e=H(this,Se).activeSegment)==null||e.style.removeProperty("transform")};Ga=new WeakSet;Pl=function(i){i.pointerType==="pen"&&i.buttons===0||(this.toggleAttribute("dragging",i.buttons===1||i.pointerType!=="mouse"),this.updatePointerBar(i),Te(this,Ya,Rl).call(this,i),this.dragging&&(i.pointerType!=="mouse"||!H(this,hs))&&(this.range.disabled=!0,this.range.valueAsNumber=this.getPointerRatio(i),this.range.dispatchEvent(new Event("input",{bubbles:!0,composed:!0}))))};De.shadowRootOptions={mode:"open"};De.getTemplateHTML=Cc;De.getContainerTemplateHTML=Dc;c.customElements.get("media-chrome-range")||c.customElements.define("media-chrome-range",De);var Ul=(i,e,t)=>{if(!e.has(i))throw TypeError("Cannot "+t)},ps=(i,e,t)=>(Ul(i,e,"read from private field"),t?t.call(i):e.get(i)),xc=(i,e,t)=>{if(e.has(i))throw TypeError("Cannot add the same private member more than once");e instanceof WeakSet?e.add(i):e.set(i,t)},ms=(i,e,t,r)=>(Ul(i,e,"write to private field"),r?r.call(i,t):e.set(i,t),t),xe;function Pc(i){return`
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
  `}var ii=class extends c.HTMLElement{constructor(){if(super(),xc(this,xe,void 0),!this.shadowRoot){this.attachShadow(this.constructor.shadowRootOptions);let e=N(this.attributes);this.shadowRoot.innerHTML=this.constructor.getTemplateHTML(e)}}static get observedAttributes(){return[M.MEDIA_CONTROLLER,l.MEDIA_PREVIEW_IMAGE,l.MEDIA_PREVIEW_COORDS]}connectedCallback(){var e,t,r;let s=this.getAttribute(M.MEDIA_CONTROLLER);s&&(ms(this,xe,(e=this.getRootNode())==null?void 0:e.getElementById(s)),(r=(t=ps(this,xe))==null?void 0:t.associateElement)==null||r.call(t,this))}disconnectedCallback(){var e,t;(t=(e=ps(this,xe))==null?void 0:e.unassociateElement)==null||t.call(e,this),ms(this,xe,null)}attributeChangedCallback(e,t,r){var s,a,n,o,d;[l.MEDIA_PREVIEW_IMAGE,l.MEDIA_PREVIEW_COORDS].includes(e)&&this.update(),e===M.MEDIA_CONTROLLER&&(t&&((a=(s=ps(this,xe))==null?void 0:s.unassociateElement)==null||a.call(s,this),ms(this,xe,null)),r&&this.isConnected&&(ms(this,xe,(n=this.getRootNode())==null?void 0:n.getElementById(r)),(d=(o=ps(this,xe))==null?void 0:o.associateElement)==null||d.call(o,this)))}get mediaPreviewImage(){return D(this,l.MEDIA_PREVIEW_IMAGE)}set mediaPreviewImage(e){R(this,l.MEDIA_PREVIEW_IMAGE,e)}get mediaPreviewCoords(){let e=this.getAttribute(l.MEDIA_PREVIEW_COORDS);if(e)return e.split(/\s+/).map(t=>+t)}set mediaPreviewCoords(e){if(!e){this.removeAttribute(l.MEDIA_PREVIEW_COORDS);return}this.setAttribute(l.MEDIA_PREVIEW_COORDS,e.join(" "))}update(){let e=this.mediaPreviewCoords,t=this.mediaPreviewImage;if(!(e&&t))return;let[r,s,a,n]=e,o=t.split("#")[0],d=getComputedStyle(this),{maxWidth:p,maxHeight:E,minWidth:h,minHeight:m}=d,f=d.getPropertyValue("--media-preview-thumbnail-object-fit").trim()||"contain",b,_;if(f==="fill"){let He=parseInt(p)/a,Be=parseInt(E)/n,gi=parseInt(h)/a,ot=parseInt(m)/n;b=He<1?He:Math.max(He,gi),_=Be<1?Be:Math.max(Be,ot)}else{let He=Math.min(parseInt(p)/a,parseInt(E)/n),Be=Math.max(parseInt(h)/a,parseInt(m)/n),ot=He<1?He:Be>1?Be:1;b=ot,_=ot}let{style:L}=P(this.shadowRoot,":host"),I=P(this.shadowRoot,"img").style,ee=this.shadowRoot.querySelector("img"),Ei=Math.min(b,_)<1?"min":"max";L.setProperty(`${Ei}-width`,"initial","important"),L.setProperty(`${Ei}-height`,"initial","important"),L.width=`${a*b}px`,L.height=`${n*_}px`;let Lt=()=>{I.width=`${this.imgWidth*b}px`,I.height=`${this.imgHeight*_}px`,I.display="block"};ee.src!==o&&(ee.onload=()=>{this.imgWidth=ee.naturalWidth,this.imgHeight=ee.naturalHeight,Lt(),ee.onload=null},ee.src=o,Lt()),Lt(),I.transform=`translate(-${r*b}px, -${s*_}px)`}};xe=new WeakMap;ii.shadowRootOptions={mode:"open"};ii.getTemplateHTML=Pc;c.customElements.get("media-preview-thumbnail")||c.customElements.define("media-preview-thumbnail",ii);var Xa=ii;var Ol=(i,e,t)=>{if(!e.has(i))throw TypeError("Cannot "+t)},fs=(i,e,t)=>(Ol(i,e,"read from private field"),t?t.call(i):e.get(i)),Uc=(i,e,t)=>{if(e.has(i))throw TypeError("Cannot add the same private member more than once");e instanceof WeakSet?e.add(i):e.set(i,t)},vs=(i,e,t,r)=>(Ol(i,e,"write to private field"),r?r.call(i,t):e.set(i,t),t),Pe;function Oc(i,e={}){return`
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
  `}function $c(i,e){return`
    <slot></slot>
  `}var me=class extends c.HTMLElement{constructor(){if(super(),Uc(this,Pe,void 0),!this.shadowRoot){this.attachShadow(this.constructor.shadowRootOptions);let e=N(this.attributes);this.shadowRoot.innerHTML=this.constructor.getTemplateHTML(e)}}static get observedAttributes(){return[M.MEDIA_CONTROLLER]}attributeChangedCallback(e,t,r){var s,a,n,o,d;e===M.MEDIA_CONTROLLER&&(t&&((a=(s=fs(this,Pe))==null?void 0:s.unassociateElement)==null||a.call(s,this),vs(this,Pe,null)),r&&this.isConnected&&(vs(this,Pe,(n=this.getRootNode())==null?void 0:n.getElementById(r)),(d=(o=fs(this,Pe))==null?void 0:o.associateElement)==null||d.call(o,this)))}connectedCallback(){var e,t,r;let{style:s}=P(this.shadowRoot,":host");s.setProperty("display",`var(--media-control-display, var(--${this.localName}-display, inline-flex))`);let a=this.getAttribute(M.MEDIA_CONTROLLER);a&&(vs(this,Pe,(e=this.getRootNode())==null?void 0:e.getElementById(a)),(r=(t=fs(this,Pe))==null?void 0:t.associateElement)==null||r.call(t,this))}disconnectedCallback(){var e,t;(t=(e=fs(this,Pe))==null?void 0:e.unassociateElement)==null||t.call(e,this),vs(this,Pe,null)}};Pe=new WeakMap;me.shadowRootOptions={mode:"open"};me.getTemplateHTML=Oc;me.getSlotTemplateHTML=$c;c.customElements.get("media-text-display")||c.customElements.define("media-text-display",me);var $l=[{singular:"hour",plural:"hours"},{singular:"minute",plural:"minutes"},{singular:"second",plural:"seconds"}],Nl=(i,e)=>{let t=i===1?T($l[e].singular):T($l[e].plural);return`${i} ${t}`},kt=i=>{if(!Qt(i))return"";let e=Math.abs(i),t=e!==i,r=new Date(0,0,0,0,0,e,0),a=[r.getHours(),r.getMinutes(),r.getSeconds()].map((n,o)=>n&&Nl(n,o)).filter(n=>n).join(", ");return t?T("{time} remaining",{time:a}):e===0?Nl(0,2):a};function wt(i,e){let t=!1;i<0&&(t=!0,i=0-i),i=i<0?0:i;let r=Math.floor(i%60),s=Math.floor(i/60%60),a=Math.floor(i/3600),n=Math.floor(e/60%60),o=Math.floor(e/3600);return(isNaN(i)||i===1/0)&&(a=s=r="0"),a=a>0||o>0?a+":":"",s=((a||n>=10)&&s<10?"0"+s:s)+":",r=r<10?"0"+r:r,(t?"-":"")+a+s+r}var sm=Object.freeze({length:0,start(i){let e=i>>>0;if(e>=this.length)throw new DOMException(`Failed to execute 'start' on 'TimeRanges': The index provided (${e}) is greater than or equal to the maximum bound (${this.length}).`);return 0},end(i){let e=i>>>0;if(e>=this.length)throw new DOMException(`Failed to execute 'end' on 'TimeRanges': The index provided (${e}) is greater than or equal to the maximum bound (${this.length}).`);return 0}});var Bl=(i,e,t)=>{if(!e.has(i))throw TypeError("Cannot "+t)},Hl=(i,e,t)=>(Bl(i,e,"read from private field"),t?t.call(i):e.get(i)),Nc=(i,e,t)=>{if(e.has(i))throw TypeError("Cannot add the same private member more than once");e instanceof WeakSet?e.add(i):e.set(i,t)},Hc=(i,e,t,r)=>(Bl(i,e,"write to private field"),r?r.call(i,t):e.set(i,t),t),Zi,Za=class extends me{constructor(){super(),Nc(this,Zi,void 0),Hc(this,Zi,this.shadowRoot.querySelector("slot")),Hl(this,Zi).textContent=wt(0)}static get observedAttributes(){return[...super.observedAttributes,l.MEDIA_PREVIEW_TIME]}attributeChangedCallback(e,t,r){super.attributeChangedCallback(e,t,r),e===l.MEDIA_PREVIEW_TIME&&r!=null&&(Hl(this,Zi).textContent=wt(parseFloat(r)))}get mediaPreviewTime(){return Y(this,l.MEDIA_PREVIEW_TIME)}set mediaPreviewTime(e){Q(this,l.MEDIA_PREVIEW_TIME,e)}};Zi=new WeakMap;c.customElements.get("media-preview-time-display")||c.customElements.define("media-preview-time-display",Za);var Fl=(i,e,t)=>{if(!e.has(i))throw TypeError("Cannot "+t)},Bc=(i,e,t)=>(Fl(i,e,"read from private field"),t?t.call(i):e.get(i)),Fc=(i,e,t)=>{if(e.has(i))throw TypeError("Cannot add the same private member more than once");e instanceof WeakSet?e.add(i):e.set(i,t)},Wc=(i,e,t,r)=>(Fl(i,e,"write to private field"),r?r.call(i,t):e.set(i,t),t),Es,ja=class extends me{constructor(){super(),Fc(this,Es,void 0),Wc(this,Es,this.shadowRoot.querySelector("slot"))}static get observedAttributes(){return[...super.observedAttributes,l.MEDIA_PREVIEW_CHAPTER,l.MEDIA_LANG]}attributeChangedCallback(e,t,r){if(super.attributeChangedCallback(e,t,r),(e===l.MEDIA_PREVIEW_CHAPTER||e===l.MEDIA_LANG)&&r!==t&&r!=null)if(Bc(this,Es).textContent=r,r!==""){let s=T("chapter: {chapterName}",{chapterName:r});this.setAttribute("aria-valuetext",s)}else this.removeAttribute("aria-valuetext")}get mediaPreviewChapter(){return D(this,l.MEDIA_PREVIEW_CHAPTER)}set mediaPreviewChapter(e){R(this,l.MEDIA_PREVIEW_CHAPTER,e)}};Es=new WeakMap;c.customElements.get("media-preview-chapter-display")||c.customElements.define("media-preview-chapter-display",ja);var Wl=(i,e,t)=>{if(!e.has(i))throw TypeError("Cannot "+t)},Z=(i,e,t)=>(Wl(i,e,"read from private field"),t?t.call(i):e.get(i)),Ue=(i,e,t)=>{if(e.has(i))throw TypeError("Cannot add the same private member more than once");e instanceof WeakSet?e.add(i):e.set(i,t)},ue=(i,e,t,r)=>(Wl(i,e,"write to private field"),r?r.call(i,t):e.set(i,t),t),Vc=(i,e,t,r)=>({set _(s){ue(i,e,s,t)},get _(){return Z(i,e,r)}}),ri,gs,si,ji,_s,bs,ys,ai,It,As,Ts=class{constructor(e,t,r){Ue(this,ri,void 0),Ue(this,gs,void 0),Ue(this,si,void 0),Ue(this,ji,void 0),Ue(this,_s,void 0),Ue(this,bs,void 0),Ue(this,ys,void 0),Ue(this,ai,void 0),Ue(this,It,0),Ue(this,As,(s=performance.now())=>{ue(this,It,requestAnimationFrame(Z(this,As))),ue(this,ji,performance.now()-Z(this,si));let a=1e3/this.fps;if(Z(this,ji)>a){ue(this,si,s-Z(this,ji)%a);let n=1e3/((s-Z(this,gs))/++Vc(this,_s)._),o=(s-Z(this,bs))/1e3/this.duration,d=Z(this,ys)+o*this.playbackRate;d-Z(this,ri).valueAsNumber>0?ue(this,ai,this.playbackRate/this.duration/n):(ue(this,ai,.995*Z(this,ai)),d=Z(this,ri).valueAsNumber+Z(this,ai)),this.callback(d)}}),ue(this,ri,e),this.callback=t,this.fps=r}start(){Z(this,It)===0&&(ue(this,si,performance.now()),ue(this,gs,Z(this,si)),ue(this,_s,0),Z(this,As).call(this))}stop(){Z(this,It)!==0&&(cancelAnimationFrame(Z(this,It)),ue(this,It,0))}update({start:e,duration:t,playbackRate:r}){let s=e-Z(this,ri).valueAsNumber,a=Math.abs(t-this.duration);(s>0||s<-.5/t||a>=.5)&&this.callback(e),ue(this,ys,e),ue(this,bs,performance.now()),this.duration=t,this.playbackRate=r}};ri=new WeakMap;gs=new WeakMap;si=new WeakMap;ji=new WeakMap;_s=new WeakMap;bs=new WeakMap;ys=new WeakMap;ai=new WeakMap;It=new WeakMap;As=new WeakMap;var sn=(i,e,t)=>{if(!e.has(i))throw TypeError("Cannot "+t)},U=(i,e,t)=>(sn(i,e,"read from private field"),t?t.call(i):e.get(i)),G=(i,e,t)=>{if(e.has(i))throw TypeError("Cannot add the same private member more than once");e instanceof WeakSet?e.add(i):e.set(i,t)},fe=(i,e,t,r)=>(sn(i,e,"write to private field"),r?r.call(i,t):e.set(i,t),t),ve=(i,e,t)=>(sn(i,e,"access private method"),t),ni,it,ws,er,Is,ks,tr,ir,oi,li,Ji,Ja,Vl,en,Ms,an,Ls,nn,Rs,on,tn,ql,rr,Cs,rn,Kl,qc=i=>{let e=i.range,t=kt(+Gl(i)),r=kt(+i.mediaSeekableEnd),s=t&&r?T("{currentTime} of {totalTime}",{currentTime:t,totalTime:r}):T("video not loaded, unknown time.");e.setAttribute("aria-valuetext",s)};function Kc(i){return`
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
          <template shadowrootmode="${Xa.shadowRootOptions.mode}">
            ${Xa.getTemplateHTML({})}
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
  `}var Ss=(i,e=i.mediaCurrentTime)=>{let t=Number.isFinite(i.mediaSeekableStart)?i.mediaSeekableStart:0,r=Number.isFinite(i.mediaDuration)?i.mediaDuration:i.mediaSeekableEnd;if(Number.isNaN(r))return 0;let s=(e-t)/(r-t);return Math.max(0,Math.min(s,1))},Gl=(i,e=i.range.valueAsNumber)=>{let t=Number.isFinite(i.mediaSeekableStart)?i.mediaSeekableStart:0,r=Number.isFinite(i.mediaDuration)?i.mediaDuration:i.mediaSeekableEnd;return Number.isNaN(r)?0:e*(r-t)+t},sr=class extends De{constructor(){super(),G(this,Ja),G(this,Ms),G(this,Ls),G(this,Rs),G(this,tn),G(this,rr),G(this,rn),G(this,ni,null),G(this,it,void 0),G(this,ws,void 0),G(this,er,void 0),G(this,Is,void 0),G(this,ks,void 0),G(this,tr,void 0),G(this,ir,void 0),G(this,oi,void 0),G(this,li,void 0),G(this,Ji,()=>{ve(this,Ja,Vl).call(this)?U(this,it).start():U(this,it).stop()}),G(this,en,r=>{this.dragging||(Qt(r)&&(this.range.valueAsNumber=r),U(this,li)||this.updateBar())}),this.shadowRoot.querySelector("#track").insertAdjacentHTML("afterbegin",'<div id="buffered" part="buffered"></div>'),fe(this,ws,this.shadowRoot.querySelectorAll('[part~="box"]')),fe(this,Is,this.shadowRoot.querySelector('[part~="preview-box"]')),fe(this,ks,this.shadowRoot.querySelector('[part~="current-box"]'));let t=getComputedStyle(this);fe(this,tr,parseInt(t.getPropertyValue("--media-box-padding-left"))),fe(this,ir,parseInt(t.getPropertyValue("--media-box-padding-right"))),fe(this,it,new Ts(this.range,U(this,en),60))}static get observedAttributes(){return[...super.observedAttributes,l.MEDIA_PAUSED,l.MEDIA_DURATION,l.MEDIA_SEEKABLE,l.MEDIA_CURRENT_TIME,l.MEDIA_PREVIEW_IMAGE,l.MEDIA_PREVIEW_TIME,l.MEDIA_PREVIEW_CHAPTER,l.MEDIA_BUFFERED,l.MEDIA_PLAYBACK_RATE,l.MEDIA_LOADING,l.MEDIA_ENDED]}connectedCallback(){var e;super.connectedCallback(),this.range.setAttribute("aria-label",T("seek")),U(this,Ji).call(this),fe(this,ni,this.getRootNode()),(e=U(this,ni))==null||e.addEventListener("transitionstart",this)}disconnectedCallback(){var e;super.disconnectedCallback(),U(this,it).stop(),(e=U(this,ni))==null||e.removeEventListener("transitionstart",this),fe(this,ni,null)}attributeChangedCallback(e,t,r){super.attributeChangedCallback(e,t,r),t!=r&&(e===l.MEDIA_CURRENT_TIME||e===l.MEDIA_PAUSED||e===l.MEDIA_ENDED||e===l.MEDIA_LOADING||e===l.MEDIA_DURATION||e===l.MEDIA_SEEKABLE?(U(this,it).update({start:Ss(this),duration:this.mediaSeekableEnd-this.mediaSeekableStart,playbackRate:this.mediaPlaybackRate}),U(this,Ji).call(this),qc(this)):e===l.MEDIA_BUFFERED&&this.updateBufferedBar(),(e===l.MEDIA_DURATION||e===l.MEDIA_SEEKABLE)&&(this.mediaChaptersCues=U(this,oi),this.updateBar()))}get mediaChaptersCues(){return U(this,oi)}set mediaChaptersCues(e){var t;fe(this,oi,e),this.updateSegments((t=U(this,oi))==null?void 0:t.map(r=>({start:Ss(this,r.startTime),end:Ss(this,r.endTime)})))}get mediaPaused(){return k(this,l.MEDIA_PAUSED)}set mediaPaused(e){w(this,l.MEDIA_PAUSED,e)}get mediaLoading(){return k(this,l.MEDIA_LOADING)}set mediaLoading(e){w(this,l.MEDIA_LOADING,e)}get mediaDuration(){return Y(this,l.MEDIA_DURATION)}set mediaDuration(e){Q(this,l.MEDIA_DURATION,e)}get mediaCurrentTime(){return Y(this,l.MEDIA_CURRENT_TIME)}set mediaCurrentTime(e){Q(this,l.MEDIA_CURRENT_TIME,e)}get mediaPlaybackRate(){return Y(this,l.MEDIA_PLAYBACK_RATE,1)}set mediaPlaybackRate(e){Q(this,l.MEDIA_PLAYBACK_RATE,e)}get mediaBuffered(){let e=this.getAttribute(l.MEDIA_BUFFERED);return e?e.split(" ").map(t=>t.split(":").map(r=>+r)):[]}set mediaBuffered(e){if(!e){this.removeAttribute(l.MEDIA_BUFFERED);return}let t=e.map(r=>r.join(":")).join(" ");this.setAttribute(l.MEDIA_BUFFERED,t)}get mediaSeekable(){let e=this.getAttribute(l.MEDIA_SEEKABLE);if(e)return e.split(":").map(t=>+t)}set mediaSeekable(e){if(e==null){this.removeAttribute(l.MEDIA_SEEKABLE);return}this.setAttribute(l.MEDIA_SEEKABLE,e.join(":"))}get mediaSeekableEnd(){var e;let[,t=this.mediaDuration]=(e=this.mediaSeekable)!=null?e:[];return t}get mediaSeekableStart(){var e;let[t=0]=(e=this.mediaSeekable)!=null?e:[];return t}get mediaPreviewImage(){return D(this,l.MEDIA_PREVIEW_IMAGE)}set mediaPreviewImage(e){R(this,l.MEDIA_PREVIEW_IMAGE,e)}get mediaPreviewTime(){return Y(this,l.MEDIA_PREVIEW_TIME)}set mediaPreviewTime(e){Q(this,l.MEDIA_PREVIEW_TIME,e)}get mediaEnded(){return k(this,l.MEDIA_ENDED)}set mediaEnded(e){w(this,l.MEDIA_ENDED,e)}updateBar(){super.updateBar(),this.updateBufferedBar(),this.updateCurrentBox()}updateBufferedBar(){var e;let t=this.mediaBuffered;if(!t.length)return;let r;if(this.mediaEnded)r=1;else{let a=this.mediaCurrentTime,[,n=this.mediaSeekableStart]=(e=t.find(([o,d])=>o<=a&&a<=d))!=null?e:[];r=Ss(this,n)}let{style:s}=P(this.shadowRoot,"#buffered");s.setProperty("width",`${r*100}%`)}updateCurrentBox(){if(!this.shadowRoot.querySelector('slot[name="current"]').assignedElements().length)return;let t=P(this.shadowRoot,"#current-rail"),r=P(this.shadowRoot,'[part~="current-box"]'),s=ve(this,Ms,an).call(this,U(this,ks)),a=ve(this,Ls,nn).call(this,s,this.range.valueAsNumber),n=ve(this,Rs,on).call(this,s,this.range.valueAsNumber);t.style.transform=`translateX(${a})`,t.style.setProperty("--_range-width",`${s.range.width}`),r.style.setProperty("--_box-shift",`${n}`),r.style.setProperty("--_box-width",`${s.box.width}px`),r.style.setProperty("visibility","initial")}handleEvent(e){switch(super.handleEvent(e),e.type){case"input":ve(this,rn,Kl).call(this);break;case"pointermove":ve(this,tn,ql).call(this,e);break;case"pointerup":U(this,li)&&fe(this,li,!1);break;case"pointerdown":fe(this,li,!0);break;case"pointerleave":ve(this,rr,Cs).call(this,null);break;case"transitionstart":pe(e.target,this)&&setTimeout(()=>U(this,Ji).call(this),0);break}}};ni=new WeakMap;it=new WeakMap;ws=new WeakMap;er=new WeakMap;Is=new WeakMap;ks=new WeakMap;tr=new WeakMap;ir=new WeakMap;oi=new WeakMap;li=new WeakMap;Ji=new WeakMap;Ja=new WeakSet;Vl=function(){return this.isConnected&&!this.mediaPaused&&!this.mediaLoading&&!this.mediaEnded&&this.mediaSeekableEnd>0&&Cr(this)};en=new WeakMap;Ms=new WeakSet;an=function(i){var e;let r=((e=this.getAttribute("bounds")?Ie(this,`#${this.getAttribute("bounds")}`):this.parentElement)!=null?e:this).getBoundingClientRect(),s=this.range.getBoundingClientRect(),a=i.offsetWidth,n=-(s.left-r.left-a/2),o=r.right-s.left-a/2;return{box:{width:a,min:n,max:o},bounds:r,range:s}};Ls=new WeakSet;nn=function(i,e){let t=`${e*100}%`,{width:r,min:s,max:a}=i.box;if(!r)return t;if(Number.isNaN(s)||(t=`max(${`calc(1 / var(--_range-width) * 100 * ${s}% + var(--media-box-padding-left))`}, ${t})`),!Number.isNaN(a)){let o=`calc(1 / var(--_range-width) * 100 * ${a}% - var(--media-box-padding-right))`;t=`min(${t}, ${o})`}return t};Rs=new WeakSet;on=function(i,e){let{width:t,min:r,max:s}=i.box,a=e*i.range.width;if(a<r+U(this,tr)){let n=i.range.left-i.bounds.left-U(this,tr);return`${a-t/2+n}px`}if(a>s-U(this,ir)){let n=i.bounds.right-i.range.right-U(this,ir);return`${a+t/2-n-i.range.width}px`}return 0};tn=new WeakSet;ql=function(i){let e=[...U(this,ws)].some(E=>i.composedPath().includes(E));if(!this.dragging&&(e||!i.composedPath().includes(this))){ve(this,rr,Cs).call(this,null);return}let t=this.mediaSeekableEnd;if(!t)return;let r=P(this.shadowRoot,"#preview-rail"),s=P(this.shadowRoot,'[part~="preview-box"]'),a=ve(this,Ms,an).call(this,U(this,Is)),n=(i.clientX-a.range.left)/a.range.width;n=Math.max(0,Math.min(1,n));let o=ve(this,Ls,nn).call(this,a,n),d=ve(this,Rs,on).call(this,a,n);r.style.transform=`translateX(${o})`,r.style.setProperty("--_range-width",`${a.range.width}`),s.style.setProperty("--_box-shift",`${d}`),s.style.setProperty("--_box-width",`${a.box.width}px`);let p=Math.round(U(this,er))-Math.round(n*t);Math.abs(p)<1&&n>.01&&n<.99||(fe(this,er,n*t),ve(this,rr,Cs).call(this,U(this,er)))};rr=new WeakSet;Cs=function(i){this.dispatchEvent(new c.CustomEvent(v.MEDIA_PREVIEW_REQUEST,{composed:!0,bubbles:!0,detail:i}))};rn=new WeakSet;Kl=function(){U(this,it).stop();let i=Gl(this);this.dispatchEvent(new c.CustomEvent(v.MEDIA_SEEK_REQUEST,{composed:!0,bubbles:!0,detail:i}))};sr.shadowRootOptions={mode:"open"};sr.getContainerTemplateHTML=Kc;c.customElements.get("media-time-range")||c.customElements.define("media-time-range",sr);var cn=(i,e,t)=>{if(!e.has(i))throw TypeError("Cannot "+t)},ke=(i,e,t)=>(cn(i,e,"read from private field"),t?t.call(i):e.get(i)),Mt=(i,e,t)=>{if(e.has(i))throw TypeError("Cannot add the same private member more than once");e instanceof WeakSet?e.add(i):e.set(i,t)},un=(i,e,t,r)=>(cn(i,e,"write to private field"),r?r.call(i,t):e.set(i,t),t),st=(i,e,t)=>(cn(i,e,"access private method"),t),di,Oe,Os,hn,Yl,Ps,pn,ar,Ds,xs,ln,rt={REMAINING:"remaining",SHOW_DURATION:"showduration",NO_TOGGLE:"notoggle"},zl=[...Object.values(rt),l.MEDIA_CURRENT_TIME,l.MEDIA_DURATION,l.MEDIA_SEEKABLE],Ql=["Enter"," "],Gc="&nbsp;/&nbsp;",dn=(i,{timesSep:e=Gc}={})=>{var t,r;let s=(t=i.mediaCurrentTime)!=null?t:0,[,a]=(r=i.mediaSeekable)!=null?r:[],n=0;Number.isFinite(i.mediaDuration)?n=i.mediaDuration:Number.isFinite(a)&&(n=a);let o=i.remaining?wt(0-(n-s)):wt(s);return i.showDuration?`${o}${e}${wt(n)}`:o},zc=i=>{var e;let t=i.mediaCurrentTime,[,r]=(e=i.mediaSeekable)!=null?e:[],s=null;if(Number.isFinite(i.mediaDuration)?s=i.mediaDuration:Number.isFinite(r)&&(s=r),t==null||s===null){i.setAttribute("aria-description",T("video not loaded, unknown time."));return}let a=i.remaining?kt(0-(s-t)):kt(t);if(!i.showDuration){i.setAttribute("aria-description",a);return}let n=kt(s),o=T("{currentTime} of {totalTime}",{currentTime:a,totalTime:n});i.setAttribute("aria-description",o)};function Yc(i,e){return`
    <slot>${dn(e)}</slot>
  `}var Qc=i=>{i.setAttribute("aria-label",T("playback time"))},Us=class extends me{constructor(){super(),Mt(this,hn),Mt(this,Ps),Mt(this,ar),Mt(this,xs),Mt(this,di,void 0),Mt(this,Oe,null),Mt(this,Os,e=>{let{metaKey:t,altKey:r,key:s}=e;if(t||r||!Ql.includes(s)){this.removeEventListener("keyup",ke(this,Oe));return}this.addEventListener("keyup",ke(this,Oe))}),un(this,di,this.shadowRoot.querySelector("slot")),ke(this,di).innerHTML=`${dn(this)}`}static get observedAttributes(){return[...super.observedAttributes,...zl,"disabled"]}connectedCallback(){let{style:e}=P(this.shadowRoot,":host(:hover:not([notoggle]))");e.setProperty("cursor","var(--media-cursor, pointer)"),e.setProperty("background","var(--media-control-hover-background, rgba(50 50 70 / .7))"),this.setAttribute("aria-label",T("playback time")),st(this,ar,Ds).call(this),super.connectedCallback()}toggleTimeDisplay(){this.noToggle||(this.hasAttribute("remaining")?this.removeAttribute("remaining"):this.setAttribute("remaining",""))}disconnectedCallback(){this.disable(),st(this,Ps,pn).call(this),super.disconnectedCallback()}attributeChangedCallback(e,t,r){Qc(this),zl.includes(e)?this.update():e==="disabled"&&r!==t?r==null?st(this,ar,Ds).call(this):st(this,xs,ln).call(this):e===rt.NO_TOGGLE&&r!==t&&(this.noToggle?st(this,xs,ln).call(this):st(this,ar,Ds).call(this)),super.attributeChangedCallback(e,t,r)}enable(){this.noToggle||(this.tabIndex=0)}disable(){this.tabIndex=-1}get remaining(){return k(this,rt.REMAINING)}set remaining(e){w(this,rt.REMAINING,e)}get showDuration(){return k(this,rt.SHOW_DURATION)}set showDuration(e){w(this,rt.SHOW_DURATION,e)}get noToggle(){return k(this,rt.NO_TOGGLE)}set noToggle(e){w(this,rt.NO_TOGGLE,e)}get mediaDuration(){return Y(this,l.MEDIA_DURATION)}set mediaDuration(e){Q(this,l.MEDIA_DURATION,e)}get mediaCurrentTime(){return Y(this,l.MEDIA_CURRENT_TIME)}set mediaCurrentTime(e){Q(this,l.MEDIA_CURRENT_TIME,e)}get mediaSeekable(){let e=this.getAttribute(l.MEDIA_SEEKABLE);if(e)return e.split(":").map(t=>+t)}set mediaSeekable(e){if(e==null){this.removeAttribute(l.MEDIA_SEEKABLE);return}this.setAttribute(l.MEDIA_SEEKABLE,e.join(":"))}update(){let e=dn(this);zc(this),e!==ke(this,di).innerHTML&&(ke(this,di).innerHTML=e)}};di=new WeakMap;Oe=new WeakMap;Os=new WeakMap;hn=new WeakSet;Yl=function(){ke(this,Oe)||(un(this,Oe,i=>{let{key:e}=i;if(!Ql.includes(e)){this.removeEventListener("keyup",ke(this,Oe));return}this.toggleTimeDisplay()}),this.addEventListener("keydown",ke(this,Os)),this.addEventListener("click",this.toggleTimeDisplay))};Ps=new WeakSet;pn=function(){ke(this,Oe)&&(this.removeEventListener("keyup",ke(this,Oe)),this.removeEventListener("keydown",ke(this,Os)),this.removeEventListener("click",this.toggleTimeDisplay),un(this,Oe,null))};ar=new WeakSet;Ds=function(){!this.noToggle&&!this.hasAttribute("disabled")&&(this.setAttribute("role","button"),this.enable(),st(this,hn,Yl).call(this))};xs=new WeakSet;ln=function(){this.removeAttribute("role"),this.disable(),st(this,Ps,pn).call(this)};Us.getSlotTemplateHTML=Yc;c.customElements.get("media-time-display")||c.customElements.define("media-time-display",Us);var Xc=`<svg aria-hidden="true" viewBox="0 0 24 24">
  <path d="M16.5 12A4.5 4.5 0 0 0 14 8v2.18l2.45 2.45a4.22 4.22 0 0 0 .05-.63Zm2.5 0a6.84 6.84 0 0 1-.54 2.64L20 16.15A8.8 8.8 0 0 0 21 12a9 9 0 0 0-7-8.77v2.06A7 7 0 0 1 19 12ZM4.27 3 3 4.27 7.73 9H3v6h4l5 5v-6.73l4.25 4.25A6.92 6.92 0 0 1 14 18.7v2.06A9 9 0 0 0 17.69 19l2 2.05L21 19.73l-9-9L4.27 3ZM12 4 9.91 6.09 12 8.18V4Z"/>
</svg>`,Xl=`<svg aria-hidden="true" viewBox="0 0 24 24">
  <path d="M3 9v6h4l5 5V4L7 9H3Zm13.5 3A4.5 4.5 0 0 0 14 8v8a4.47 4.47 0 0 0 2.5-4Z"/>
</svg>`,Zc=`<svg aria-hidden="true" viewBox="0 0 24 24">
  <path d="M3 9v6h4l5 5V4L7 9H3Zm13.5 3A4.5 4.5 0 0 0 14 8v8a4.47 4.47 0 0 0 2.5-4ZM14 3.23v2.06a7 7 0 0 1 0 13.42v2.06a9 9 0 0 0 0-17.54Z"/>
</svg>`;function jc(i){return`
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
      <slot name="off">${Xc}</slot>
      <slot name="low">${Xl}</slot>
      <slot name="medium">${Xl}</slot>
      <slot name="high">${Zc}</slot>
    </slot>
  `}function Jc(){return`
    <slot name="tooltip-mute">${T("Mute")}</slot>
    <slot name="tooltip-unmute">${T("Unmute")}</slot>
  `}var Zl=i=>{let t=i.mediaVolumeLevel==="off"?T("unmute"):T("mute");i.setAttribute("aria-label",t)},nr=class extends K{static get observedAttributes(){return[...super.observedAttributes,l.MEDIA_VOLUME_LEVEL]}connectedCallback(){super.connectedCallback(),Zl(this)}attributeChangedCallback(e,t,r){super.attributeChangedCallback(e,t,r),e===l.MEDIA_VOLUME_LEVEL&&Zl(this)}get mediaVolumeLevel(){return D(this,l.MEDIA_VOLUME_LEVEL)}set mediaVolumeLevel(e){R(this,l.MEDIA_VOLUME_LEVEL,e)}handleClick(){let e=this.mediaVolumeLevel==="off"?v.MEDIA_UNMUTE_REQUEST:v.MEDIA_MUTE_REQUEST;this.dispatchEvent(new c.CustomEvent(e,{composed:!0,bubbles:!0}))}};nr.getSlotTemplateHTML=jc;nr.getTooltipContentHTML=Jc;c.customElements.get("media-mute-button")||c.customElements.define("media-mute-button",nr);var eu=(i,e,t)=>{if(!e.has(i))throw TypeError("Cannot "+t)},jl=(i,e,t)=>(eu(i,e,"read from private field"),t?t.call(i):e.get(i)),tu=(i,e,t)=>{if(e.has(i))throw TypeError("Cannot add the same private member more than once");e instanceof WeakSet?e.add(i):e.set(i,t)},$s,iu=1,ru=i=>i.mediaMuted?0:i.mediaVolume,su=i=>`${Math.round(i*100)}%`,mn=class extends De{constructor(){super(...arguments),tu(this,$s,()=>{let e=this.range.value,t=new c.CustomEvent(v.MEDIA_VOLUME_REQUEST,{composed:!0,bubbles:!0,detail:e});this.dispatchEvent(t)})}static get observedAttributes(){return[...super.observedAttributes,l.MEDIA_VOLUME,l.MEDIA_MUTED,l.MEDIA_VOLUME_UNAVAILABLE]}connectedCallback(){super.connectedCallback(),this.range.setAttribute("aria-label",T("volume")),this.range.addEventListener("input",jl(this,$s))}disconnectedCallback(){this.range.removeEventListener("input",jl(this,$s)),super.disconnectedCallback()}attributeChangedCallback(e,t,r){super.attributeChangedCallback(e,t,r),(e===l.MEDIA_VOLUME||e===l.MEDIA_MUTED)&&(this.range.valueAsNumber=ru(this),this.range.setAttribute("aria-valuetext",su(this.range.valueAsNumber)),this.updateBar())}get mediaVolume(){return Y(this,l.MEDIA_VOLUME,iu)}set mediaVolume(e){Q(this,l.MEDIA_VOLUME,e)}get mediaMuted(){return k(this,l.MEDIA_MUTED)}set mediaMuted(e){w(this,l.MEDIA_MUTED,e)}get mediaVolumeUnavailable(){return D(this,l.MEDIA_VOLUME_UNAVAILABLE)}set mediaVolumeUnavailable(e){R(this,l.MEDIA_VOLUME_UNAVAILABLE,e)}};$s=new WeakMap;c.customElements.get("media-volume-range")||c.customElements.define("media-volume-range",mn);var ed=(i,e,t)=>{if(!e.has(i))throw TypeError("Cannot "+t)},au=(i,e,t)=>(ed(i,e,"read from private field"),t?t.call(i):e.get(i)),nu=(i,e,t)=>{if(e.has(i))throw TypeError("Cannot add the same private member more than once");e instanceof WeakSet?e.add(i):e.set(i,t)},ou=(i,e,t,r)=>(ed(i,e,"write to private field"),r?r.call(i,t):e.set(i,t),t),Ns,lu=`<svg aria-hidden="true" viewBox="0 0 26 24">
  <path d="M16 3v2.5h3.5V9H22V3h-6ZM4 9h2.5V5.5H10V3H4v6Zm15.5 9.5H16V21h6v-6h-2.5v3.5ZM6.5 15H4v6h6v-2.5H6.5V15Z"/>
</svg>`,du=`<svg aria-hidden="true" viewBox="0 0 26 24">
  <path d="M18.5 6.5V3H16v6h6V6.5h-3.5ZM16 21h2.5v-3.5H22V15h-6v6ZM4 17.5h3.5V21H10v-6H4v2.5Zm3.5-11H4V9h6V3H7.5v3.5Z"/>
</svg>`;function cu(i){return`
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
      <slot name="enter">${lu}</slot>
      <slot name="exit">${du}</slot>
    </slot>
  `}function uu(){return`
    <slot name="tooltip-enter">${T("Enter fullscreen mode")}</slot>
    <slot name="tooltip-exit">${T("Exit fullscreen mode")}</slot>
  `}var Jl=i=>{let e=i.mediaIsFullscreen?T("exit fullscreen mode"):T("enter fullscreen mode");i.setAttribute("aria-label",e)},or=class extends K{constructor(){super(...arguments),nu(this,Ns,null)}static get observedAttributes(){return[...super.observedAttributes,l.MEDIA_IS_FULLSCREEN,l.MEDIA_FULLSCREEN_UNAVAILABLE]}connectedCallback(){super.connectedCallback(),Jl(this)}attributeChangedCallback(e,t,r){super.attributeChangedCallback(e,t,r),e===l.MEDIA_IS_FULLSCREEN&&Jl(this)}get mediaFullscreenUnavailable(){return D(this,l.MEDIA_FULLSCREEN_UNAVAILABLE)}set mediaFullscreenUnavailable(e){R(this,l.MEDIA_FULLSCREEN_UNAVAILABLE,e)}get mediaIsFullscreen(){return k(this,l.MEDIA_IS_FULLSCREEN)}set mediaIsFullscreen(e){w(this,l.MEDIA_IS_FULLSCREEN,e)}handleClick(e){ou(this,Ns,e);let t=au(this,Ns)instanceof PointerEvent,r=this.mediaIsFullscreen?new c.CustomEvent(v.MEDIA_EXIT_FULLSCREEN_REQUEST,{composed:!0,bubbles:!0}):new c.CustomEvent(v.MEDIA_ENTER_FULLSCREEN_REQUEST,{composed:!0,bubbles:!0,detail:t});this.dispatchEvent(r)}};Ns=new WeakMap;or.getSlotTemplateHTML=cu;or.getTooltipContentHTML=uu;c.customElements.get("media-fullscreen-button")||c.customElements.define("media-fullscreen-button",or);var td=`<svg aria-hidden="true" viewBox="0 0 28 24">
  <path d="M24 3H4a1 1 0 0 0-1 1v16a1 1 0 0 0 1 1h20a1 1 0 0 0 1-1V4a1 1 0 0 0-1-1Zm-1 16H5V5h18v14Zm-3-8h-7v5h7v-5Z"/>
</svg>`;function hu(i){return`
    <style>
      :host([${l.MEDIA_IS_PIP}]) slot[name=icon] slot:not([name=exit]) {
        display: none !important;
      }

      :host(:not([${l.MEDIA_IS_PIP}])) slot[name=icon] slot:not([name=enter]) {
        display: none !important;
      }

      :host([${l.MEDIA_IS_PIP}]) slot[name=tooltip-enter],
      :host(:not([${l.MEDIA_IS_PIP}])) slot[name=tooltip-exit] {
        display: none;
      }
    </style>

    <slot name="icon">
      <slot name="enter">${td}</slot>
      <slot name="exit">${td}</slot>
    </slot>
  `}function pu(){return`
    <slot name="tooltip-enter">${T("Enter picture in picture mode")}</slot>
    <slot name="tooltip-exit">${T("Exit picture in picture mode")}</slot>
  `}var id=i=>{let e=i.mediaIsPip?T("exit picture in picture mode"):T("enter picture in picture mode");i.setAttribute("aria-label",e)},lr=class extends K{static get observedAttributes(){return[...super.observedAttributes,l.MEDIA_IS_PIP,l.MEDIA_PIP_UNAVAILABLE]}connectedCallback(){super.connectedCallback(),id(this)}attributeChangedCallback(e,t,r){super.attributeChangedCallback(e,t,r),e===l.MEDIA_IS_PIP&&id(this)}get mediaPipUnavailable(){return D(this,l.MEDIA_PIP_UNAVAILABLE)}set mediaPipUnavailable(e){R(this,l.MEDIA_PIP_UNAVAILABLE,e)}get mediaIsPip(){return k(this,l.MEDIA_IS_PIP)}set mediaIsPip(e){w(this,l.MEDIA_IS_PIP,e)}handleClick(){let e=this.mediaIsPip?v.MEDIA_EXIT_PIP_REQUEST:v.MEDIA_ENTER_PIP_REQUEST;this.dispatchEvent(new c.CustomEvent(e,{composed:!0,bubbles:!0}))}};lr.getSlotTemplateHTML=hu;lr.getTooltipContentHTML=pu;c.customElements.get("media-pip-button")||c.customElements.define("media-pip-button",lr);var $e={PLACEHOLDER_SRC:"placeholdersrc",SRC:"src"};function mu(i){return`
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
  `}var fu=i=>{i.style.removeProperty("background-image")},vu=(i,e)=>{i.style["background-image"]=`url('${e}')`},dr=class extends c.HTMLElement{static get observedAttributes(){return[$e.PLACEHOLDER_SRC,$e.SRC]}constructor(){if(super(),!this.shadowRoot){this.attachShadow(this.constructor.shadowRootOptions);let e=N(this.attributes);this.shadowRoot.innerHTML=this.constructor.getTemplateHTML(e)}this.image=this.shadowRoot.querySelector("#image")}attributeChangedCallback(e,t,r){e===$e.SRC&&(r==null?this.image.removeAttribute($e.SRC):this.image.setAttribute($e.SRC,r)),e===$e.PLACEHOLDER_SRC&&(r==null?fu(this.image):vu(this.image,r))}get placeholderSrc(){return D(this,$e.PLACEHOLDER_SRC)}set placeholderSrc(e){R(this,$e.SRC,e)}get src(){return D(this,$e.SRC)}set src(e){R(this,$e.SRC,e)}};dr.shadowRootOptions={mode:"open"};dr.getTemplateHTML=mu;c.customElements.get("media-poster-image")||c.customElements.define("media-poster-image",dr);var sd=(i,e,t)=>{if(!e.has(i))throw TypeError("Cannot "+t)},cr=(i,e,t)=>(sd(i,e,"read from private field"),t?t.call(i):e.get(i)),rd=(i,e,t)=>{if(e.has(i))throw TypeError("Cannot add the same private member more than once");e instanceof WeakSet?e.add(i):e.set(i,t)},ur=(i,e,t,r)=>(sd(i,e,"write to private field"),r?r.call(i,t):e.set(i,t),t),Ne,Bs,Hs={LOADING_DELAY:"loadingdelay",NO_AUTOHIDE:"noautohide"},ad=500,Eu=`
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
`;function gu(i){return`
    <style>
      :host {
        display: var(--media-control-display, var(--media-loading-indicator-display, inline-block));
        vertical-align: middle;
        box-sizing: border-box;
        --_loading-indicator-delay: var(--media-loading-indicator-transition-delay, ${ad}ms);
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

    <slot name="icon">${Eu}</slot>
    <div id="status" role="status" aria-live="polite">${T("media loading")}</div>
  `}var hr=class extends c.HTMLElement{constructor(){if(super(),rd(this,Ne,void 0),rd(this,Bs,ad),!this.shadowRoot){this.attachShadow(this.constructor.shadowRootOptions);let e=N(this.attributes);this.shadowRoot.innerHTML=this.constructor.getTemplateHTML(e)}}static get observedAttributes(){return[M.MEDIA_CONTROLLER,l.MEDIA_PAUSED,l.MEDIA_LOADING,Hs.LOADING_DELAY]}attributeChangedCallback(e,t,r){var s,a,n,o,d;e===Hs.LOADING_DELAY&&t!==r?this.loadingDelay=Number(r):e===M.MEDIA_CONTROLLER&&(t&&((a=(s=cr(this,Ne))==null?void 0:s.unassociateElement)==null||a.call(s,this),ur(this,Ne,null)),r&&this.isConnected&&(ur(this,Ne,(n=this.getRootNode())==null?void 0:n.getElementById(r)),(d=(o=cr(this,Ne))==null?void 0:o.associateElement)==null||d.call(o,this)))}connectedCallback(){var e,t,r;let s=this.getAttribute(M.MEDIA_CONTROLLER);s&&(ur(this,Ne,(e=this.getRootNode())==null?void 0:e.getElementById(s)),(r=(t=cr(this,Ne))==null?void 0:t.associateElement)==null||r.call(t,this))}disconnectedCallback(){var e,t;(t=(e=cr(this,Ne))==null?void 0:e.unassociateElement)==null||t.call(e,this),ur(this,Ne,null)}get loadingDelay(){return cr(this,Bs)}set loadingDelay(e){ur(this,Bs,e);let{style:t}=P(this.shadowRoot,":host");t.setProperty("--_loading-indicator-delay",`var(--media-loading-indicator-transition-delay, ${e}ms)`)}get mediaPaused(){return k(this,l.MEDIA_PAUSED)}set mediaPaused(e){w(this,l.MEDIA_PAUSED,e)}get mediaLoading(){return k(this,l.MEDIA_LOADING)}set mediaLoading(e){w(this,l.MEDIA_LOADING,e)}get mediaController(){return D(this,M.MEDIA_CONTROLLER)}set mediaController(e){R(this,M.MEDIA_CONTROLLER,e)}get noAutohide(){return k(this,Hs.NO_AUTOHIDE)}set noAutohide(e){w(this,Hs.NO_AUTOHIDE,e)}};Ne=new WeakMap;Bs=new WeakMap;hr.shadowRootOptions={mode:"open"};hr.getTemplateHTML=gu;c.customElements.get("media-loading-indicator")||c.customElements.define("media-loading-indicator",hr);var _u=(i,e,t)=>{if(!e.has(i))throw TypeError("Cannot "+t)},ci=(i,e,t)=>(_u(i,e,"read from private field"),t?t.call(i):e.get(i)),bu=(i,e,t)=>{if(e.has(i))throw TypeError("Cannot add the same private member more than once");e instanceof WeakSet?e.add(i):e.set(i,t)},at,fn={RATES:"rates"},yu=[1,1.2,1.5,1.7,2],pr=1;function vn(i){return Math.round(i*100)/100}function Au(i){return`
    <style>
      :host {
        min-width: 5ch;
        padding: var(--media-button-padding, var(--media-control-padding, 10px 5px));
      }
    </style>
    <slot name="icon">${i.mediaplaybackrate?vn(+i.mediaplaybackrate):pr}x</slot>
  `}function Tu(){return T("Playback rate")}var mr=class extends K{constructor(){var e;super(),bu(this,at,new Yt(this,fn.RATES,{defaultValue:yu})),this.container=this.shadowRoot.querySelector('slot[name="icon"]'),this.container.innerHTML=`${vn((e=this.mediaPlaybackRate)!=null?e:pr)}x`}static get observedAttributes(){return[...super.observedAttributes,l.MEDIA_PLAYBACK_RATE,fn.RATES]}attributeChangedCallback(e,t,r){if(super.attributeChangedCallback(e,t,r),e===fn.RATES&&(ci(this,at).value=r),e===l.MEDIA_PLAYBACK_RATE){let s=r?+r:Number.NaN,a=vn(Number.isNaN(s)?pr:s);this.container.innerHTML=`${a}x`,this.setAttribute("aria-label",T("Playback rate {playbackRate}",{playbackRate:a}))}}get rates(){return ci(this,at)}set rates(e){e?Array.isArray(e)?ci(this,at).value=e.join(" "):typeof e=="string"&&(ci(this,at).value=e):ci(this,at).value=""}get mediaPlaybackRate(){return Y(this,l.MEDIA_PLAYBACK_RATE,pr)}set mediaPlaybackRate(e){Q(this,l.MEDIA_PLAYBACK_RATE,e)}handleClick(){var e,t;let r=Array.from(ci(this,at).values(),n=>+n).sort((n,o)=>n-o),s=(t=(e=r.find(n=>n>this.mediaPlaybackRate))!=null?e:r[0])!=null?t:pr,a=new c.CustomEvent(v.MEDIA_PLAYBACK_RATE_REQUEST,{composed:!0,bubbles:!0,detail:s});this.dispatchEvent(a)}};at=new WeakMap;mr.getSlotTemplateHTML=Au;mr.getTooltipContentHTML=Tu;c.customElements.get("media-playback-rate-button")||c.customElements.define("media-playback-rate-button",mr);var nd=[{MediaStateReceiverAttributes:M,MediaUIAttributes:l,MediaUIEvents:v},{},{MediaChromeButton:K},{},{areSubsOn:il,formatTextTrackObj:wa,parseTextTracksStr:Sa,stringifyTextTrackList:Vi},{closestComposedNode:Ie,containsComposedNode:pe,getActiveElement:xi,getAttributeMediaController:la,getDocumentOrShadowRoot:da,getMediaController:Rr,getStringAttr:D,insertCSSRule:Pi,namedNodeMapToObject:N,setStringAttr:R},{t:T},{observeResize:Ut,unobserveResize:Ot},{document:B,globalThis:c},{parseAudioTrackList:Jo}];var fr=null;function od(){return fr||(fr=import("./menus.js").then(i=>i.install(nd)),fr.catch(()=>fr=null)),fr}var vr,En=class{constructor(e,t,r,s,a){this.id=t;this.label=r;this.language=s;this._enabled=!1;zn(this,vr);Yn(this,vr,e),this.kind=a?"main":"translation"}get enabled(){return this._enabled}set enabled(e){e&&!this._enabled&&Gn(this,vr).select(this)}_set(e){this._enabled=e}};vr=new WeakMap;var Fs=class extends EventTarget{constructor(t){super();this.onSelect=t;this.tracks=[]}get length(){return this.tracks.length}[Symbol.iterator](){return this.tracks[Symbol.iterator]()}item(t){return this.tracks[t]??null}getTrackById(t){return this.tracks.find(r=>r.id===t)??null}reset(t,r){for(let s of this.tracks)this.dispatchEvent(Object.assign(new Event("removetrack"),{track:s}));this.tracks=t.map(s=>new En(this,s.id,s.label,s.language,s.default)),this.tracks.forEach((s,a)=>s._set(a===r));for(let s of this.tracks)this.dispatchEvent(Object.assign(new Event("addtrack"),{track:s}))}mark(t){let r=!1;this.tracks.forEach((s,a)=>{s.enabled!==(a===t)&&(r=!0),s._set(a===t)}),r&&this.dispatchEvent(new Event("change"))}select(t){let r=this.tracks.indexOf(t);r<0||(this.mark(r),this.onSelect(r))}};var ld=["abort","canplay","canplaythrough","durationchange","emptied","ended","error","loadeddata","loadedmetadata","loadstart","pause","play","playing","progress","ratechange","resize","seeked","seeking","stalled","suspend","timeupdate","volumechange","waiting","enterpictureinpicture","leavepictureinpicture"],Er=null;function Su(){return Er||(Er=import(nt.hlsSrc||new URL("./hls.js",import.meta.url).href).then(e=>e.default||e.Hls),Er.catch(()=>Er=null)),Er}var nt=class extends F{constructor(){super();this._hls=null;this._audio=new Fs(t=>{this._hls&&(this._hls.audioTrack=t)});this._metrics=null;this._themeSheet=null;this._recovered=0;this._sourceSeq=0;this._sourceReady=Promise.resolve();this._wantedSub=null;this.color=null,this.theme=null,this.controls=null,this.subtitles=null,this.activeSubtitle=null,this.autoplay=!1,this.muted=!1,this.loop=!1,this.poster=null,this.quality=null,this.start=null,this.metrics=null,this.preferPlayback=null,this._ended=!1;let t=document.createElement("video");t.setAttribute("slot","media"),t.setAttribute("part","video"),t.setAttribute("playsinline",""),t.setAttribute("crossorigin","anonymous"),t.setAttribute("preload","metadata"),"audioTracks"in t||Object.defineProperty(t,"audioTracks",{value:this._audio,configurable:!0});for(let r of ld)t.addEventListener(r,()=>this.dispatchEvent(new Event(r)));t.addEventListener("loadedmetadata",()=>this._showSubtitle(this._wantedSub)),t.addEventListener("ended",()=>this._ended=!0),t.addEventListener("play",()=>this._ended=!1),t.addEventListener("seeking",()=>this._ended=!1),t.addEventListener("error",()=>{if(this._hls)return;t.error&&this._state==="ready"&&this._fail(new $(0,"media","The video could not be played."))}),this.media=t}async play(){if(this._state!=="ready"&&!await this.load())throw new DOMException(this._message||"not playable","NotSupportedError");return await this._sourceReady,this.media.play()}pause(){this.media.pause()}get currentTime(){return this.media.currentTime}set currentTime(t){this.media.currentTime=t}get duration(){let t=this.media.duration;return Number.isFinite(t)?t:this._info?.duration??NaN}get paused(){return this.media.paused}get ended(){return this.media.ended}get volume(){return this.media.volume}set volume(t){this.media.volume=t}get playbackRate(){return this.media.playbackRate}set playbackRate(t){this.media.playbackRate=t}get readyState(){return this.media.readyState}get buffered(){return this.media.buffered}get textTracks(){return this.media.textTracks}get audioTracks(){return this.media.audioTracks}get audioTrack(){for(let t of Array.from(this.audioTracks))if(t.enabled)return t.language||t.id;return null}set audioTrack(t){if(!t)return;let r=Array.from(this.audioTracks),s=r.find(a=>a.id===t)||r.find(a=>a.language&&we(a.language,t));s&&(s.enabled=!0)}get subtitleTrack(){let t=Array.from(this.media.textTracks).find(r=>r.mode==="showing"&&(r.kind==="subtitles"||r.kind==="captions"));return t?t.language:null}set subtitleTrack(t){this._showSubtitle(t&&t!=="off"?t:null)}get hls(){return this._hls}reset(){super.reset(),this._teardown(),this._ended=!1}disconnectedCallback(){super.disconnectedCallback(),this._metrics?.destroy(),this._metrics=null}connectedCallback(){super.connectedCallback(),this._info&&!this._metrics&&this._startMetrics(this._info)}_teardown(){this._sourceSeq++,this._hls?.destroy(),this._hls=null,this._metrics?.destroy(),this._metrics=null,this._audio.reset([],-1);for(let t of Array.from(this.media.querySelectorAll("track")))t.remove();this.media.removeAttribute("src");try{this.media.load()}catch{}}updated(t){if(super.updated(t),t.has("muted")&&(this.media.muted=this.muted),t.has("loop")&&(this.media.loop=this.loop),t.has("autoplay")&&(this.media.autoplay=this.autoplay),t.has("theme")&&this._loadTheme(),this._state!=="idle"&&(t.has("_state")||t.has("controls"))){let r=yi(this.controls);(r.has("subtitles")||r.has("audiotracks"))&&od().catch(s=>console.warn("reel-player: the menus failed to load",s))}if(t.has("quality")&&this._hls&&this._applyCap(),this._info&&!t.has("_info")){if(t.has("subtitles"))this._addTextTracks(this._info);else if(t.has("activeSubtitle")){let r=this._info.audio_tracks?.find(s=>s.default)?.language;this._showSubtitle(Vs(this._info.subtitles||[],this.subtitles,this.activeSubtitle,r).active)}}if(t.has("_info")||t.has("_state")){let r=this._info?.title;this.setAttribute("role","region"),this.setAttribute("aria-label",r?`Video: ${r}`:"Video player");let[s,a]=this._info?[this._info.width,this._info.height]:[0,0];s>0&&a>0&&!this.style.getPropertyValue("--reel-aspect-ratio")&&this.style.setProperty("--reel-aspect-ratio",`${s} / ${a}`)}}async onInfo(t){let r;this._sourceReady=new Promise(s=>r=s);try{await this._attach(t)}finally{r()}}async _attach(t){let r=++this._sourceSeq,s=this.media;s.muted=this.muted,s.loop=this.loop,this._addTextTracks(t),this._startMetrics(t);let a=this.start&&this.start>0?this.start:0,n=t.urls.hls;if(this._useNative())s.src=n,a&&s.addEventListener("loadedmetadata",()=>s.currentTime=a,{once:!0});else{let o;try{o=await Su()}catch{o=null}if(r!==this._sourceSeq)return;if(!o||!o.isSupported()){let d=[...t.renditions||[]].sort((p,E)=>p.width-E.width)[0];if(!d)return this._fail(new $(0,"media","This browser cannot play this video."));s.src=d.url,a&&s.addEventListener("loadedmetadata",()=>s.currentTime=a,{once:!0})}else{let d=new o({startPosition:a||-1,subtitleStreamController:void 0,subtitleTrackController:void 0,timelineController:void 0,enableWebVTT:!1,enableCEA708Captions:!1,capLevelToPlayerSize:!1,backBufferLength:60});this._hls=d;let p=o.Events;d.on(p.MANIFEST_PARSED,()=>this._applyCap()),d.on(p.AUDIO_TRACKS_UPDATED,()=>{let E=d.audioTracks.map((h,m)=>{let f=t.audio_tracks?.find(b=>b.language&&h.lang&&we(b.language,h.lang));return{id:String(m),label:f?.label||h.name||h.lang||`Track ${m+1}`,language:h.lang||f?.language||"",default:!!h.default}});this._audio.reset(E,d.audioTrack)}),d.on(p.AUDIO_TRACK_SWITCHED,(E,h)=>{this._audio.mark(h.id);let m=d.audioTracks[h.id];this.dispatchEvent(new CustomEvent("audiotrackchange",{detail:{language:m?.lang,label:m?.name}}))}),d.on(p.LEVEL_SWITCHED,(E,h)=>{let m=d.levels[h.level];m&&this._metrics?.renditionChange({width:m.width,height:m.height,bitrate:m.bitrate,name:m.name})}),d.on(p.ERROR,(E,h)=>{if(!h.fatal)return;if(h.type==="mediaError"&&this._recovered++<2)return d.recoverMediaError();if(h.type==="networkError"&&this._recovered++<2&&!h.response?.code)return void setTimeout(()=>d.startLoad(),1e3);let m=h.response?.code;this._metrics?.error(h.details,h.type),this._fail(m===401||m===403?new $(m,"token_invalid","token"):m===404?new $(404,"not_found","gone"):new $(0,"media","The video could not be played."))}),d.loadSource(n),d.attachMedia(s)}}this.autoplay&&s.play().catch(()=>{})}_useNative(){return!this.media.canPlayType("application/vnd.apple.mpegurl")?!1:this.preferPlayback==="native"||!(typeof MediaSource<"u"||"ManagedMediaSource"in globalThis)?!0:this.preferPlayback==="mse"?!1:"audioTracks"in HTMLMediaElement.prototype}_applyCap(){let t=this._hls;t&&(t.autoLevelCapping=Jn(t.levels,jn(this.quality)))}_startMetrics(t){if(this.metrics==="off"||this._metrics)return;let r=this.metrics&&/^https?:|^\//.test(this.metrics)?this.metrics:`${ge(this)}/v1/events`;this._metrics=new pt({endpoint:r,embed:t.embed}),this._metrics.attach(this.media)}_addTextTracks(t){let r=this.media;for(let o of Array.from(r.querySelectorAll("track")))o.remove();if(t.urls.storyboard){let o=document.createElement("track");o.kind="metadata",o.label="thumbnails",o.src=t.urls.storyboard.replace(/storyboard\.jpg(\?.*)?$/,"storyboard.vtt$1"),o.default=!0,r.append(o)}let s=t.audio_tracks?.find(o=>o.default)?.language,{offered:a,active:n}=Vs(t.subtitles||[],this.subtitles,this.activeSubtitle,s);for(let o of a){let d=document.createElement("track");d.kind="subtitles",d.srclang=o.language,d.label=o.label||o.language,d.src=o.url,r.append(d)}this._showSubtitle(n)}_showSubtitle(t){this._wantedSub=t;for(let r of Array.from(this.media.textTracks))r.kind!=="subtitles"&&r.kind!=="captions"||(r.mode=t&&we(r.language,t)?"showing":"disabled")}async _loadTheme(){let t=this.shadowRoot;if(t&&(this._themeSheet&&(t.adoptedStyleSheets=t.adoptedStyleSheets.filter(r=>r!==this._themeSheet),this._themeSheet=null),!!this.theme))try{let r=await import(new URL(this.theme,document.baseURI).href),s=r.default??r.css;typeof s=="function"&&(s=await s(this));let a=typeof s=="string"?s:typeof r.css=="string"?r.css:"";if(a){let n=new CSSStyleSheet;n.replaceSync(a),this._themeSheet=n,t.adoptedStyleSheets=[...t.adoptedStyleSheets,n]}this.dispatchEvent(new CustomEvent("reel-theme",{detail:{theme:this.theme}}))}catch(r){console.warn("reel-player: theme failed to load",this.theme,r)}}_posterURL(){let t=this._info,r=this.poster;if(r==="none")return;let s=to(r);if(s!=null&&t?.urls.frame){let a=Math.round((this.clientWidth||640)*(globalThis.devicePixelRatio||1));return eo(t.urls.frame,s,Math.max(16,Math.min(3840,a)))}return r||t?.urls.poster||t?.poster||void 0}render(){let t=yi(this.controls),r=this._info,s=!!this.querySelector(':scope > [slot="end-screen"]'),a=this.color?`--reel-accent:${this.color}`:"",n=this._posterURL(),o=this._state==="error"||this._state==="processing";return S`
      <media-controller
        part="controller"
        style=${a}
        novolumepref
        nomutedpref
        nosubtitleslangpref
        ?audio=${!1}
        lang=${document.documentElement.lang||"en"}
      >
        ${this.media}
        ${n?S`<media-poster-image slot="poster" part="poster" src=${n} alt=${r?.title||""}></media-poster-image>`:A}
        <media-loading-indicator slot="centered-chrome" noautohide></media-loading-indicator>
        ${t.has("subtitles")?S`<media-captions-menu id="captions-menu" hidden anchor="auto"></media-captions-menu>`:A}
        ${t.has("audiotracks")?S`<media-audio-track-menu id="audio-menu" hidden anchor="auto"></media-audio-track-menu>`:A}
        ${t.size?S`<media-control-bar part="control-bar">
              ${t.has("play")?S`<media-play-button part="play-button"></media-play-button>`:A}
              ${t.has("volume")?S`<media-mute-button part="mute-button"></media-mute-button
                    ><media-volume-range part="volume-range"></media-volume-range>`:A}
              ${t.has("time")?S`<media-time-display part="time" showduration></media-time-display>`:A}
              ${t.has("seek")?S`<media-time-range part="seek-bar">
                    <media-preview-thumbnail slot="preview"></media-preview-thumbnail>
                    <media-preview-time-display slot="preview"></media-preview-time-display>
                  </media-time-range>`:S`<span style="flex:1"></span>`}
              ${t.has("rate")?S`<media-playback-rate-button part="rate-button"></media-playback-rate-button>`:A}
              ${t.has("subtitles")?S`<media-captions-menu-button part="subtitles-button" invoketarget="captions-menu"></media-captions-menu-button>`:A}
              ${t.has("audiotracks")?S`<media-audio-track-menu-button part="audiotracks-button" invoketarget="audio-menu"></media-audio-track-menu-button>`:A}
              ${t.has("pip")?S`<media-pip-button part="pip-button"></media-pip-button>`:A}
              ${t.has("fullscreen")?S`<media-fullscreen-button part="fullscreen-button"></media-fullscreen-button>`:A}
            </media-control-bar>`:A}
      </media-controller>
      <div class="end" part="end-screen" ?hidden=${!(this._ended&&s)}>
        <slot name="end-screen" @slotchange=${()=>this.requestUpdate()}></slot>
      </div>
      <div class="message" part="message" role=${this._state==="error"?"alert":"status"} ?hidden=${!o}>
        ${o?this._message:""}
      </div>
    `}};nt.properties={...F.properties,color:{type:String},theme:{type:String},controls:{type:String},subtitles:{type:String},activeSubtitle:{type:String,attribute:"active-subtitle"},autoplay:{type:Boolean},muted:{type:Boolean},loop:{type:Boolean},poster:{type:String},quality:{type:String},start:{type:Number},metrics:{type:String},preferPlayback:{type:String,attribute:"prefer-playback"},_ended:{state:!0},_themeCSS:{state:!0}},nt.hlsSrc="",nt.styles=te`
    :host {
      display: block;
      position: relative;
      width: 100%;
      aspect-ratio: var(--reel-aspect-ratio, 16 / 9);
      background: #000;
      border-radius: var(--reel-radius, 0);
      overflow: hidden;
      contain: content;
    }
    :host([hidden]) {
      display: none;
    }
    media-controller {
      width: 100%;
      height: 100%;
      --media-primary-color: var(--reel-control-color, #fff);
      --media-secondary-color: transparent;
      --media-accent-color: var(--reel-accent, #5b8cff);
      --media-range-bar-color: var(--reel-accent, #5b8cff);
      --media-control-background: var(--reel-control-background, transparent);
      --media-control-hover-background: rgb(255 255 255 / 0.12);
      --media-menu-background: rgb(20 20 24 / 0.92);
      --media-font-family: var(--reel-font-family, system-ui, sans-serif);
    }
    video {
      width: 100%;
      height: 100%;
      object-fit: contain;
    }
    media-control-bar {
      width: 100%;
      background: var(--reel-control-background, linear-gradient(transparent, rgb(0 0 0 / 0.55)));
    }
    media-time-range {
      flex: 1;
    }
    media-poster-image {
      --media-object-fit: contain;
    }
    .message {
      position: absolute;
      inset: 0;
      display: flex;
      align-items: center;
      justify-content: center;
      padding: 1.5em;
      text-align: center;
      color: var(--reel-message-color, #fff);
      background: var(--reel-message-background, rgb(0 0 0 / 0.7));
      font: 1rem/1.4 var(--reel-font-family, system-ui, sans-serif);
      z-index: 2;
    }
    .end {
      position: absolute;
      inset: 0;
      display: flex;
      align-items: center;
      justify-content: center;
      background: var(--reel-end-screen-background, rgb(0 0 0 / 0.6));
      color: #fff;
      z-index: 1;
    }
    .end[hidden],
    .message[hidden] {
      display: none;
    }
    [hidden] {
      display: none !important;
    }
  `;re("reel-player",nt);var ui=class extends F{constructor(){super();this._visible=!1;this._vio=null;this._mq=null;this._onMq=()=>this._reduced=!!this._mq?.matches;this.fit=null,this.alt=null,this._reduced=!1}connectedCallback(){super.connectedCallback(),this._mq=globalThis.matchMedia?.("(prefers-reduced-motion: reduce)")??null,this._reduced=!!this._mq?.matches,this._mq?.addEventListener("change",this._onMq),this._vio=new IntersectionObserver(t=>{this._visible=t.some(r=>r.isIntersecting),this._sync()},{threshold:.2}),this._vio.observe(this)}disconnectedCallback(){super.disconnectedCallback(),this._vio?.disconnect(),this._mq?.removeEventListener("change",this._onMq)}get media(){return this.shadowRoot?.querySelector("video")??null}async onInfo(t){await this.updateComplete,this._sync()}updated(){this._sync()}_sync(){let t=this.media;t&&(this._visible&&!this._reduced?t.play().catch(()=>{}):t.pause())}render(){let t=this._info;if(!t)return A;let r=this.alt??t.title??"";return this._reduced?S`<img part="poster" src=${t.urls.poster||t.poster} alt=${r} />`:S`<video
      part="video"
      src=${t.urls.clip}
      poster=${t.urls.poster||t.poster}
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
    ></video>`}};ui.properties={...F.properties,fit:{type:String,reflect:!0},alt:{type:String},_reduced:{state:!0}},ui.styles=te`
    :host {
      display: inline-block;
      position: relative;
      overflow: hidden;
      width: 320px;
      aspect-ratio: var(--reel-aspect-ratio, 16 / 9);
      background: var(--reel-clip-background, #111);
    }
    :host([hidden]) {
      display: none;
    }
    video,
    img {
      display: block;
      width: 100%;
      height: 100%;
      object-fit: var(--reel-clip-fit, cover);
    }
    :host([fit='contain']) video,
    :host([fit='contain']) img {
      object-fit: contain;
    }
  `;re("reel-clip",ui);var hi=class extends F{constructor(){super();this._player=null;this._onTime=()=>this._tick();this.language=null,this.player=null,this.autoscroll=null,this._cues=[],this._active=-1}disconnectedCallback(){super.disconnectedCallback(),this._unlink()}get cues(){return this._cues}willUpdate(t){super.willUpdate(t),t.has("language")&&this.hasUpdated&&this._info&&this.onInfo(this._info)}async onInfo(t){this._link();let r=t.urls.poster?t.urls.poster.replace(/poster\.jpg(\?.*)?$/,"transcript.json$1"):"",s=t.transcript||(r.includes("transcript.json")?r:""),a=[];try{let n=this.language,o=s?await Ti(s):null;if(n&&(!o||!we(o.language,n))){let d=t.subtitles?.find(p=>we(p.language,n));if(d){let p=await fetch(oe(d.url,this.token),{credentials:"omit"});p.ok&&(o={language:d.language,segments:io(await p.text())})}}a=o?.segments??[]}catch{a=[]}this._cues=a,this._tick()}_findPlayer(){let t=this.getRootNode();if(this.player)return t.querySelector(this.player)??document.querySelector(this.player);let r=`reel-player[embed="${CSS.escape(this.embed||"")}"]`;return t.querySelector(r)??document.querySelector(r)}_link(){let t=this._findPlayer();t!==this._player&&(this._unlink(),this._player=t,t?.addEventListener("timeupdate",this._onTime),t?.addEventListener("seeked",this._onTime))}_unlink(){this._player?.removeEventListener("timeupdate",this._onTime),this._player?.removeEventListener("seeked",this._onTime),this._player=null}_tick(){this._player||this._link();let t=this._player?.currentTime??0,r=ro(this._cues,t);r!==this._active&&(this._active=r,r>=0&&this.autoscroll!=="off"&&this.updateComplete.then(()=>{let s=this.shadowRoot?.querySelector(`li[data-i="${r}"]`);if(!s)return;let a=s.offsetTop-this.clientHeight/3;this.scrollTo({top:Math.max(0,a),behavior:"smooth"})}))}_seek(t){this._link(),this._player&&(this._player.currentTime=t.start+.001,this._player.paused&&this._player.play().catch(()=>{})),this.dispatchEvent(new CustomEvent("cue-click",{detail:t}))}render(){return this._state==="error"?S`<p part="message" role="alert">${this._message}</p>`:this._cues.length?S`<ol part="list" aria-label="Transcript">
      ${this._cues.map((t,r)=>S`<li data-i=${r} part=${r===this._active?"cue active":"cue"} aria-current=${r===this._active?"true":"false"}>
            <button @click=${()=>this._seek(t)} aria-label=${`${Dt(t.start)}: ${t.text}`}>
              <span class="t" part="time">${Dt(t.start)}</span><span>${t.text}</span>
            </button>
          </li>`)}
    </ol>`:A}};hi.properties={...F.properties,language:{type:String},player:{type:String},autoscroll:{type:String},_cues:{state:!0},_active:{state:!0}},hi.styles=te`
    :host {
      display: block;
      max-height: var(--reel-text-height, 20em);
      overflow-y: auto;
      font: 1rem/1.5 var(--reel-font-family, system-ui, sans-serif);
    }
    ol {
      list-style: none;
      margin: 0;
      padding: 0;
    }
    button {
      all: inherit;
      display: flex;
      gap: 0.75em;
      width: 100%;
      box-sizing: border-box;
      padding: 0.25em 0.5em;
      cursor: pointer;
      border-radius: 4px;
    }
    button:hover,
    button:focus-visible {
      background: rgb(127 127 127 / 0.15);
      outline: 2px solid var(--reel-accent, #5b8cff);
    }
    li[aria-current='true'] button {
      background: color-mix(in srgb, var(--reel-accent, #5b8cff) 25%, transparent);
    }
    .t {
      opacity: 0.6;
      font-variant-numeric: tabular-nums;
      min-width: 3.5em;
    }
  `;re("reel-text",hi);var pi=class extends F{constructor(){super();this._metrics=null;this.controls=null,this.color=null,this.autoplay=!1,this.loop=!1,this.start=null,this.metrics=null;let t=document.createElement("audio");t.setAttribute("slot","media"),t.setAttribute("crossorigin","anonymous"),t.setAttribute("preload","metadata");for(let r of["play","pause","ended","timeupdate","playing","seeked","loadedmetadata","volumechange","error"])t.addEventListener(r,()=>this.dispatchEvent(new Event(r)));this.media=t}async play(){return this._state!=="ready"&&await this.load(),this.media.play()}pause(){this.media.pause()}get currentTime(){return this.media.currentTime}set currentTime(t){this.media.currentTime=t}get duration(){return this.media.duration}get paused(){return this.media.paused}disconnectedCallback(){super.disconnectedCallback(),this._metrics?.destroy(),this._metrics=null}async onInfo(t){let r=this.media;r.loop=this.loop,r.src=t.urls.audio,this.start&&r.addEventListener("loadedmetadata",()=>r.currentTime=this.start||0,{once:!0}),this.metrics!=="off"&&(this._metrics?.destroy(),this._metrics=new pt({endpoint:`${ge(this)}/v1/events`,embed:t.embed}),this._metrics.attach(r)),this.autoplay&&r.play().catch(()=>{})}render(){let t=yi(this.controls??"play time seek volume");return S`<media-controller
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
        ${t.has("play")?S`<media-play-button></media-play-button>`:A}
        ${t.has("time")?S`<media-time-display showduration></media-time-display>`:A}
        ${t.has("seek")?S`<media-time-range></media-time-range>`:A}
        ${t.has("rate")?S`<media-playback-rate-button></media-playback-rate-button>`:A}
        ${t.has("volume")?S`<media-mute-button></media-mute-button><media-volume-range></media-volume-range>`:A}
      </media-control-bar>
    </media-controller>
    ${this._state==="error"||this._state==="processing"?S`<p part="message" role=${this._state==="error"?"alert":"status"}>${this._message}</p>`:A}`}};pi.properties={...F.properties,controls:{type:String},color:{type:String},autoplay:{type:Boolean},loop:{type:Boolean},start:{type:Number},metrics:{type:String}},pi.styles=te`
    :host {
      display: block;
      min-width: 240px;
    }
    media-controller {
      width: 100%;
      --media-primary-color: var(--reel-control-color, #fff);
      --media-accent-color: var(--reel-accent, #5b8cff);
      --media-range-bar-color: var(--reel-accent, #5b8cff);
      --media-control-background: var(--reel-control-background, #222);
      border-radius: var(--reel-radius, 6px);
      overflow: hidden;
    }
    media-control-bar {
      width: 100%;
    }
    media-time-range {
      flex: 1;
    }
    p {
      margin: 0;
      padding: 0.5em;
      font: 0.9rem system-ui, sans-serif;
    }
  `;re("reel-audio",pi);var gr=null;function ku(){return gr||(gr=import(Ke.tusSrc||new URL("./tus.js",import.meta.url).href),gr.catch(()=>gr=null)),gr}var Ke=class extends he{constructor(){super();this._upload=null;this._file=null;this._video=null;this._embed=null;this.token=null,this.api=null,this.endpoint=null,this.accept="video/*,audio/*",this.videoTitle="",this.collection=null,this.chunkSize=null,this.follow=null,this._state="idle",this._sent=0,this._total=0,this._message="",this._drag=!1}get state(){return this._state}get video(){return{video:this._video,embed:this._embed}}disconnectedCallback(){super.disconnectedCallback(),clearTimeout(this._pollTimer)}async upload(t){this._upload?.abort().catch(()=>{}),this._upload=null,clearTimeout(this._pollTimer),this._file=t,this._video=this._embed=null,this._sent=0,this._total=t.size,this._message="";let r=this.endpoint||`${ge(this)}/v1/uploads`,s={filename:t.name,filetype:t.type||"application/octet-stream"};s.title=this.videoTitle||t.name.replace(/\.[^.]+$/,""),this.collection&&(s.collection=this.collection),this._state="uploading";let a;try{({createUpload:a}=await ku())}catch{this._state="error",this._message="The uploader could not be loaded. Check your connection and retry.",this.dispatchEvent(new CustomEvent("error",{detail:{code:"network",status:0,message:this._message}}));return}this._file===t&&(this._upload=a(t,{endpoint:r,headers:this.token?{Authorization:`Bearer ${this.token}`}:{},metadata:s,chunkSize:this.chunkSize||8*1024*1024,retryDelays:[0,1e3,3e3,5e3,1e4],onShouldRetry:n=>{let o=n.originalResponse?.getStatus()??0;return o===0||o===409||o===423||o===429||o>=500},onAfterResponse:(n,o)=>{let d=o.getHeader("Reel-Video-Id"),p=o.getHeader("Reel-Video-Embed");d&&(this._video=d),p&&(this._embed=p)},onProgress:(n,o)=>{this._sent=n,this._total=o,this.dispatchEvent(new CustomEvent("progress",{detail:{sent:n,total:o}}))},onSuccess:()=>{this._state="processing",this.dispatchEvent(new CustomEvent("success",{detail:{video:this._video,embed:this._embed}})),this._follow(0)},onError:n=>{let o=n.originalResponse,d=o?.getStatus()??0,p=d===401?"unauthorized":d===413?"payload_too_large":d?"http_"+d:"network";try{let E=JSON.parse(o?.getBody?.()||"{}");E.code&&(p=E.code)}catch{}this._state="error",this._message=d===401||d===403?"The upload was refused: the upload token is missing, invalid or expired.":d===413?"This file is too large.":d===0?"The upload was interrupted. Check your connection and retry.":`The upload failed (${d}).`,this.dispatchEvent(new CustomEvent("error",{detail:{code:p,status:d,message:this._message}}))}}),this.dispatchEvent(new CustomEvent("upload-start",{detail:{file:t}})),this._upload.start())}pause(){this._state!=="uploading"||!this._upload||(this._state="paused",this._upload.abort())}resume(){this._state!=="paused"||!this._upload||(this._state="uploading",this._upload.start())}retry(){this._state==="error"&&(!this._upload&&this._file?this.upload(this._file):this._upload&&this._file&&(this._state="uploading",this._message="",this._upload.start()))}cancel(){this._upload?.abort(!0).catch(()=>{}),this._upload=null,clearTimeout(this._pollTimer),this._state="idle"}_follow(t){if(this.follow==="off"||!this._embed)return;let r=this._embed;this._pollTimer=setTimeout(async()=>{try{let s=await Si(ge(this),r,null,!0);if(s.playable){this._state="playable",this.dispatchEvent(new CustomEvent("playable",{detail:{video:this._video,embed:r,info:s}}));return}if(s.state==="errored"){this._state="error",this._message="The video could not be processed.",this.dispatchEvent(new CustomEvent("error",{detail:{code:"processing_failed",message:this._message}}));return}}catch(s){if(s instanceof $&&(s.status===401||s.status===403))return;if(s instanceof $&&s.status===404&&t>5){this._state="error",this._message=lt(s);return}}this._follow(t+1)},br(t,this.constructor.pollBase,15e3))}_pick(){this.shadowRoot?.querySelector("input[type=file]")?.click()}_onDrop(t){t.preventDefault(),this._drag=!1;let r=t.dataTransfer?.files?.[0];r&&this.upload(r)}render(){let t=this._state,r=this._total?Math.floor(this._sent/this._total*100):0,s=S`<progress part="progress" max="100" value=${r} aria-label="Upload progress"></progress>
      <div aria-live="polite">${r}% · ${bi(this._sent)} of ${bi(this._total)}</div>`;return S`
      <input type="file" accept=${this.accept} hidden @change=${a=>{let n=a.target,o=n.files?.[0];o&&this.upload(o),n.value=""}} />
      <div
        class="zone ${this._drag?"drag":""}"
        part="dropzone"
        @dragover=${a=>{a.preventDefault(),this._drag=!0}}
        @dragleave=${()=>this._drag=!1}
        @drop=${this._onDrop}
      >
        <div ?hidden=${t!=="idle"}>
          <slot name="idle">
            <p>Drop a video here or</p>
            <button part="button" @click=${this._pick}>Choose a file</button>
          </slot>
        </div>
        <div ?hidden=${t!=="uploading"}>
          <slot name="uploading">${s}</slot>
          <button part="button" data-action="pause" @click=${()=>this.pause()}>Pause</button>
        </div>
        <div ?hidden=${t!=="paused"}>
          <slot name="paused">${t==="paused"?s:A}<p>Paused</p></slot>
          <button part="button" data-action="resume" @click=${()=>this.resume()}>Resume</button>
        </div>
        <div ?hidden=${t!=="processing"}>
          <slot name="processing"><p role="status">Uploaded. Processing…</p></slot>
        </div>
        <div ?hidden=${t!=="playable"}>
          <slot name="playable"><p role="status">Ready to play.</p></slot>
        </div>
        <div ?hidden=${t!=="error"}>
          <slot name="error"><p role="alert">${this._message}</p></slot>
          <button part="button" data-action="retry" @click=${()=>this.retry()}>Retry</button>
          <button part="button" data-action="cancel" @click=${()=>this.cancel()}>Cancel</button>
        </div>
      </div>
    `}};Ke.properties={token:{type:String},api:{type:String},endpoint:{type:String},accept:{type:String},videoTitle:{type:String,attribute:"video-title"},collection:{type:String},chunkSize:{type:Number,attribute:"chunk-size"},follow:{type:String},_state:{state:!0},_sent:{state:!0},_total:{state:!0},_message:{state:!0},_drag:{state:!0}},Ke.pollBase=1e3,Ke.tusSrc="",Ke.styles=te`
    :host {
      display: block;
      font: 1rem/1.4 var(--reel-font-family, system-ui, sans-serif);
    }
    .zone {
      border: 2px dashed var(--reel-upload-border, #888);
      border-radius: var(--reel-radius, 8px);
      padding: 1.5em;
      text-align: center;
    }
    .zone.drag {
      border-color: var(--reel-accent, #5b8cff);
      background: color-mix(in srgb, var(--reel-accent, #5b8cff) 10%, transparent);
    }
    progress {
      width: 100%;
      accent-color: var(--reel-accent, #5b8cff);
    }
    [hidden] {
      display: none !important;
    }
  `;re("reel-upload",Ke);var mi=class extends he{constructor(){super(),this.token=null,this.api=null,this.collection=null,this.order=null,this.limit=null,this.player=null,this._items=[],this._cursor=null,this._busy=!1,this._error="",this._selected=null}get items(){return this._items}willUpdate(e){["token","api","collection","order","limit"].some(t=>e.has(t))&&(this._items=[],this._cursor=null,this.more(!0))}async more(e=!1){if(this._busy||!e&&!this._cursor)return;this._busy=!0;let t=new URLSearchParams;this.collection&&t.set("collection",this.collection),this.order&&t.set("order",this.order),this.limit&&t.set("limit",String(this.limit)),!e&&this._cursor&&t.set("cursor",this._cursor);let r=t.toString();try{let s=await Ti(oe(`${ge(this)}/v1/list${r?"?"+r:""}`,this.token));this._items=e?s.data:[...this._items,...s.data],this._cursor=s.next_cursor||null,this._error=""}catch(s){let a=s instanceof $?s:new $(0,"network",String(s));this._error=a.code==="not_found"?"Nothing to show.":lt(a),this.dispatchEvent(new CustomEvent("reel-error",{detail:{code:a.code,status:a.status,message:this._error}}))}finally{this._busy=!1}}_select(e){if(this._selected=e.embed,this.player){let t=document.querySelector(this.player);t&&(t.setAttribute("embed",e.embed),this.token&&!t.hasAttribute("token")&&t.setAttribute("token",this.token))}this.dispatchEvent(new CustomEvent("select",{detail:e}))}_fromTemplate(e,t){let r=e.content.cloneNode(!0);for(let s of Array.from(r.querySelectorAll("[data-field]"))){let a=s.dataset.field;a==="poster"&&s instanceof HTMLImageElement?(t.poster?s.src=oe(t.poster,this.token):s.hidden=!0,s.alt||(s.alt=t.title||"")):a==="duration"?s.textContent=Dt(t.duration):a==="created_at"?s.textContent=new Date(t.created_at).toLocaleDateString():s.textContent=String(t[a]??"")}return r}render(){let e=this.querySelector(":scope > template");return S`
      ${this._error?S`<p part="message" role="alert">${this._error}</p>`:A}
      <ul part="list">
        ${this._items.map(t=>S`<li>
            <button
              class="item"
              part=${t.embed===this._selected?"item selected":"item"}
              aria-pressed=${t.embed===this._selected?"true":"false"}
              data-embed=${t.embed}
              @click=${()=>this._select(t)}
            >
              ${e?this._fromTemplate(e,t):S`${t.poster?S`<img src=${oe(t.poster,this.token)} alt="" loading="lazy" />`:S`<span part="poster-placeholder" class="placeholder"></span>`}
                    <span part="title">${t.title||"Untitled"}</span>
                    <span part="duration">${Dt(t.duration)}</span>`}
            </button>
          </li>`)}
      </ul>
      ${this._cursor?S`<button class="more" part="more" ?disabled=${this._busy} @click=${()=>this.more()}>More</button>`:A}
    `}};mi.properties={token:{type:String},api:{type:String},collection:{type:String},order:{type:String},limit:{type:Number},player:{type:String},_items:{state:!0},_cursor:{state:!0},_busy:{state:!0},_error:{state:!0},_selected:{state:!0}},mi.styles=te`
    :host {
      display: block;
      font: 1rem/1.4 var(--reel-font-family, system-ui, sans-serif);
    }
    ul {
      list-style: none;
      margin: 0;
      padding: 0;
      display: grid;
      gap: 0.75em;
      grid-template-columns: repeat(auto-fill, minmax(var(--reel-list-item-width, 180px), 1fr));
    }
    button.item {
      all: unset;
      box-sizing: border-box;
      display: block;
      width: 100%;
      cursor: pointer;
      border-radius: 6px;
    }
    button.item:focus-visible {
      outline: 2px solid var(--reel-accent, #5b8cff);
    }
    button.item[aria-pressed='true'] {
      outline: 2px solid var(--reel-accent, #5b8cff);
    }
    img {
      width: 100%;
      aspect-ratio: 16 / 9;
      object-fit: cover;
      display: block;
      border-radius: 6px;
      background: #222;
    }
    .more {
      margin-top: 0.75em;
    }
  `;re("reel-list",mi);var wu={sd:"SD",hd:"HD",fhd:"Full HD",qhd:"QHD",uhd:"4K"},fi=class extends F{constructor(){super(),this.renditions=null}render(){if(this._state==="error"||this._state==="processing")return S`<p part="message" role=${this._state==="error"?"alert":"status"}>${this._message}</p>`;let e=this._info;if(!e)return A;let t=so(e.renditions||[],this.renditions),r=(e.title||e.embed).replace(/[\\/:*?"<>|]+/g,"_");return S`<ul part="list">
      ${t.map(s=>{let a=s.name.split("_").pop()||s.name,n=`${wu[a]??s.name} (${s.width}×${s.height})`;return S`<li>
          <a part="link" href=${s.url} download=${`${r} ${a}.mp4`} data-rendition=${s.name}>${n}</a
          ><span class="size" part="size">${bi(s.size)}</span>
        </li>`})}
    </ul>`}};fi.properties={...F.properties,renditions:{type:String}},fi.styles=te`
    :host {
      display: block;
      font: 1rem/1.5 var(--reel-font-family, system-ui, sans-serif);
    }
    ul {
      list-style: none;
      margin: 0;
      padding: 0;
    }
    a {
      color: var(--reel-accent, inherit);
    }
    .size {
      opacity: 0.7;
      margin-inline-start: 0.5em;
    }
  `;re("reel-files",fi);ao(import.meta.url);export{F as EmbedElement,ld as MEDIA_EVENTS,pt as Metrics,pi as ReelAudio,ui as ReelClip,$ as ReelError,fi as ReelFiles,mi as ReelList,nt as ReelPlayer,hi as ReelText,Ke as ReelUpload,lt as describeError,Si as lookupEmbed};
