var wl=i=>{throw TypeError(i)};var Il=(i,e,t)=>e.has(i)||wl("Cannot "+t);var Ml=(i,e,t)=>(Il(i,e,"read from private field"),t?t.call(i):e.get(i)),Ll=(i,e,t)=>e.has(i)?wl("Cannot add the same private member more than once"):e instanceof WeakSet?e.add(i):e.set(i,t),Rl=(i,e,t,s)=>(Il(i,e,"write to private field"),s?s.call(i,t):e.set(i,t),t);function jt(i){(!Number.isFinite(i)||i<0)&&(i=0);let e=Math.floor(i%60),t=Math.floor(i/60%60),s=Math.floor(i/3600),r=String(e).padStart(2,"0");return s>0?`${s}:${String(t).padStart(2,"0")}:${r}`:`${t}:${r}`}function Gi(i){if(!Number.isFinite(i)||i<0)return"";if(i<1e3)return`${i} B`;let e=["kB","MB","GB","TB"],t=i,s=-1;do t/=1e3,s++;while(t>=1e3&&s<e.length-1);return`${t<10?t.toFixed(1):Math.round(t)} ${e[s]}`}var Dl=["play","time","seek","volume","subtitles","fullscreen"],_u=[...Dl,"audiotracks","rate","pip"];function ir(i){if(i==null)return new Set([...Dl,"audiotracks"]);let e=new Set(i.toLowerCase().split(/[\s,]+/).filter(Boolean));return new Set(_u.filter(t=>e.has(t)))}var Cl={sd:640,hd:1280,fhd:1920,qhd:2560,uhd:3840};function Ul(i){if(!i)return 1/0;let e=i.trim().toLowerCase().replace(/^h264_/,"");if(e in Cl)return Cl[e];let t=parseInt(e,10);return Number.isFinite(t)&&t>0?t:1/0}function Ol(i,e){if(!Number.isFinite(e))return-1;let t=-1,s=-1,r=-1,a=1/0;return i.forEach((n,l)=>{let d=Math.max(n.width||0,n.height||0);d<=e&&d>s&&(t=l,s=d),d<a&&(r=l,a=d)}),t>=0?t:r}function Qa(i,e,t,s){let r=(e||"all").trim().toLowerCase(),a=i.find(u=>s&&De(u.language,s))||i[0],n;if(r==="off")n=[];else if(r==="all")n=i.slice();else if(r==="original")n=a?[a]:[];else{let u=r.split(/[\s,]+/);n=i.filter(g=>u.some(h=>De(g.language,h)))}let l=null,d=(t||"").trim().toLowerCase();return d==="original"?l=a&&n.includes(a)?a.language:null:d&&d!=="off"&&(l=n.find(u=>De(u.language,d))?.language??null),{offered:n,active:l}}function De(i,e){let t=i.toLowerCase(),s=e.toLowerCase();return t===s||t.split("-")[0]===s.split("-")[0]}function sr(i,e=1e3,t=3e4){return Math.min(t,Math.round(e*Math.pow(1.6,i)))}function he(i,e){return!i||!e||/[?&]token=/.test(i)?i:i+(i.includes("?")?"&":"?")+"token="+encodeURIComponent(e)}function Pl(i,e,t){let s=String(Math.max(0,Math.round(e*1e3)/1e3)),r=i;if(r.includes("{time}")?r=r.replace("{time}",s):r+=(r.includes("?")?"&":"?")+"time="+s,t&&t>=16){let a=String(Math.min(3840,Math.round(t)));r.includes("{width}")?r=r.replace("{width}",a):r+="&width="+a}else r=r.replace(/[?&]width=\{width\}/,"").replace("{width}","");return r}function $l(i){if(i==null)return null;let e=i.trim();return/^\d+(\.\d+)?s?$/.test(e)?parseFloat(e):null}function xl(i){return i.trim().replace(",",".").split(":").map(Number).reduce((t,s)=>t*60+s,0)}function Nl(i){let e=[],t=i.replace(/\r\n?/g,`
`).split(/\n{2,}/);for(let s of t){let r=s.split(`
`),a=r.findIndex(h=>h.includes("-->"));if(a<0)continue;let[n,l]=r[a].split("-->"),d=xl(n),u=xl(l.trim().split(/\s+/)[0]),g=r.slice(a+1).join(`
`).replace(/<[^>]*>/g,"").trim();Number.isFinite(d)&&Number.isFinite(u)&&e.push({start:d,end:u,text:g})}return e}function Hl(i,e){let t=-1;for(let s=0;s<i.length&&(i[s].start<=e&&e<i[s].end&&(t=s),!(i[s].start>e));s++);return t}function Bl(i,e){let t=(e||"").split(/[\s,]+/).filter(Boolean);return t.length?t.map(s=>i.find(r=>r.name===s)).filter(s=>!!s):i.slice()}var F=class extends Error{constructor(t,s,r){super(r);this.status=t;this.code=s;this.name="ReelError"}};function St(i){if(i instanceof F){switch(i.code){case"not_found":return"This video is not available. It may have been archived or deleted.";case"token_expired":return"The link to this video has expired. Reload the page to get a new one.";case"token_invalid":return"This video is private: a valid playback token is needed to watch it.";case"unauthorized":return"This video is private: a playback token is needed to watch it.";case"forbidden":return"This video may not be played on this site.";case"network":return"The video could not be loaded. Check your connection.";case"media":return i.message||"The video could not be played."}return i.message||`The video could not be loaded (${i.status}).`}return"The video could not be loaded."}var zi=null;function Wl(i){try{let e=new URL(i);/\/cdn\/[^/]*$/.test(e.pathname)?zi=new URL("..",e).href.replace(/\/$/,""):(e.protocol==="http:"||e.protocol==="https:")&&(zi=null)}catch{zi=null}}function ke(i){let e=i.api,t=typeof e=="string"&&e?e:i.getAttribute("api");if(t)return t.replace(/\/$/,"");let s=i.closest("[data-reel-api]");return s?(s.getAttribute("data-reel-api")||"").replace(/\/$/,""):zi||location.origin}async function bu(i){let e=i.status===404?"not_found":i.status===401?"unauthorized":"http_"+i.status,t=i.statusText;try{let s=await i.json();s&&typeof s.code=="string"&&(e=s.code),s&&(s.detail||s.title)&&(t=s.detail||s.title)}catch{}return new F(i.status,e,t)}async function Yi(i,e){let t;try{t=await fetch(i,{signal:e,credentials:"omit",headers:{accept:"application/json"}})}catch(s){throw s?.name==="AbortError"?s:new F(0,"network",String(s?.message||s))}if(!t.ok)throw await bu(t);return await t.json()}var rr=new Map;function Qi(i,e,t,s=!1){let r=he(`${i}/v1/embeds/${encodeURIComponent(e)}`,t),a=rr.get(r);if(a&&!s)return a;let n=Yi(r).then(l=>(l.playable||rr.delete(r),l));return n.catch(()=>rr.delete(r)),rr.set(r,n),n}function Fl(i,e){if(!e)return i;let t={...i.urls};for(let s of Object.keys(t)){let r=t[s];typeof r=="string"&&r&&(t[s]=he(r,e))}return{...i,urls:t,poster:he(i.poster,e),transcript:i.transcript?he(i.transcript,e):i.transcript,renditions:(i.renditions||[]).map(s=>({...s,url:he(s.url,e)})),subtitles:(i.subtitles||[]).map(s=>({...s,url:he(s.url,e)}))}}var ar=globalThis,nr=ar.ShadowRoot&&(ar.ShadyCSS===void 0||ar.ShadyCSS.nativeShadow)&&"adoptedStyleSheets"in Document.prototype&&"replace"in CSSStyleSheet.prototype,Za=Symbol(),Vl=new WeakMap,Zi=class{constructor(e,t,s){if(this._$cssResult$=!0,s!==Za)throw Error("CSSResult is not constructable. Use `unsafeCSS` or `css` instead.");this.cssText=e,this.t=t}get styleSheet(){let e=this.o,t=this.t;if(nr&&e===void 0){let s=t!==void 0&&t.length===1;s&&(e=Vl.get(t)),e===void 0&&((this.o=e=new CSSStyleSheet).replaceSync(this.cssText),s&&Vl.set(t,e))}return e}toString(){return this.cssText}},ql=i=>new Zi(typeof i=="string"?i:i+"",void 0,Za),re=(i,...e)=>{let t=i.length===1?i[0]:e.reduce((s,r,a)=>s+(n=>{if(n._$cssResult$===!0)return n.cssText;if(typeof n=="number")return n;throw Error("Value passed to 'css' function must be a 'css' function result: "+n+". Use 'unsafeCSS' to pass non-literal values, but take care to ensure page security.")})(r)+i[a+1],i[0]);return new Zi(t,i,Za)},Kl=(i,e)=>{if(nr)i.adoptedStyleSheets=e.map(t=>t instanceof CSSStyleSheet?t:t.styleSheet);else for(let t of e){let s=document.createElement("style"),r=ar.litNonce;r!==void 0&&s.setAttribute("nonce",r),s.textContent=t.cssText,i.appendChild(s)}},Xa=nr?i=>i:i=>i instanceof CSSStyleSheet?(e=>{let t="";for(let s of e.cssRules)t+=s.cssText;return ql(t)})(i):i;var{is:yu,defineProperty:Au,getOwnPropertyDescriptor:Tu,getOwnPropertyNames:Su,getOwnPropertySymbols:ku,getPrototypeOf:wu}=Object,or=globalThis,Gl=or.trustedTypes,Iu=Gl?Gl.emptyScript:"",Mu=or.reactiveElementPolyfillSupport,Xi=(i,e)=>i,Ja={toAttribute(i,e){switch(e){case Boolean:i=i?Iu:null;break;case Object:case Array:i=i==null?i:JSON.stringify(i)}return i},fromAttribute(i,e){let t=i;switch(e){case Boolean:t=i!==null;break;case Number:t=i===null?null:Number(i);break;case Object:case Array:try{t=JSON.parse(i)}catch{t=null}}return t}},Yl=(i,e)=>!yu(i,e),zl={attribute:!0,type:String,converter:Ja,reflect:!1,useDefault:!1,hasChanged:Yl};Symbol.metadata??=Symbol("metadata"),or.litPropertyMetadata??=new WeakMap;var Xe=class extends HTMLElement{static addInitializer(e){this._$Ei(),(this.l??=[]).push(e)}static get observedAttributes(){return this.finalize(),this._$Eh&&[...this._$Eh.keys()]}static createProperty(e,t=zl){if(t.state&&(t.attribute=!1),this._$Ei(),this.prototype.hasOwnProperty(e)&&((t=Object.create(t)).wrapped=!0),this.elementProperties.set(e,t),!t.noAccessor){let s=Symbol(),r=this.getPropertyDescriptor(e,s,t);r!==void 0&&Au(this.prototype,e,r)}}static getPropertyDescriptor(e,t,s){let{get:r,set:a}=Tu(this.prototype,e)??{get(){return this[t]},set(n){this[t]=n}};return{get:r,set(n){let l=r?.call(this);a?.call(this,n),this.requestUpdate(e,l,s)},configurable:!0,enumerable:!0}}static getPropertyOptions(e){return this.elementProperties.get(e)??zl}static _$Ei(){if(this.hasOwnProperty(Xi("elementProperties")))return;let e=wu(this);e.finalize(),e.l!==void 0&&(this.l=[...e.l]),this.elementProperties=new Map(e.elementProperties)}static finalize(){if(this.hasOwnProperty(Xi("finalized")))return;if(this.finalized=!0,this._$Ei(),this.hasOwnProperty(Xi("properties"))){let t=this.properties,s=[...Su(t),...ku(t)];for(let r of s)this.createProperty(r,t[r])}let e=this[Symbol.metadata];if(e!==null){let t=litPropertyMetadata.get(e);if(t!==void 0)for(let[s,r]of t)this.elementProperties.set(s,r)}this._$Eh=new Map;for(let[t,s]of this.elementProperties){let r=this._$Eu(t,s);r!==void 0&&this._$Eh.set(r,t)}this.elementStyles=this.finalizeStyles(this.styles)}static finalizeStyles(e){let t=[];if(Array.isArray(e)){let s=new Set(e.flat(1/0).reverse());for(let r of s)t.unshift(Xa(r))}else e!==void 0&&t.push(Xa(e));return t}static _$Eu(e,t){let s=t.attribute;return s===!1?void 0:typeof s=="string"?s:typeof e=="string"?e.toLowerCase():void 0}constructor(){super(),this._$Ep=void 0,this.isUpdatePending=!1,this.hasUpdated=!1,this._$Em=null,this._$Ev()}_$Ev(){this._$ES=new Promise(e=>this.enableUpdating=e),this._$AL=new Map,this._$E_(),this.requestUpdate(),this.constructor.l?.forEach(e=>e(this))}addController(e){(this._$EO??=new Set).add(e),this.renderRoot!==void 0&&this.isConnected&&e.hostConnected?.()}removeController(e){this._$EO?.delete(e)}_$E_(){let e=new Map,t=this.constructor.elementProperties;for(let s of t.keys())this.hasOwnProperty(s)&&(e.set(s,this[s]),delete this[s]);e.size>0&&(this._$Ep=e)}createRenderRoot(){let e=this.shadowRoot??this.attachShadow(this.constructor.shadowRootOptions);return Kl(e,this.constructor.elementStyles),e}connectedCallback(){this.renderRoot??=this.createRenderRoot(),this.enableUpdating(!0),this._$EO?.forEach(e=>e.hostConnected?.())}enableUpdating(e){}disconnectedCallback(){this._$EO?.forEach(e=>e.hostDisconnected?.())}attributeChangedCallback(e,t,s){this._$AK(e,s)}_$ET(e,t){let s=this.constructor.elementProperties.get(e),r=this.constructor._$Eu(e,s);if(r!==void 0&&s.reflect===!0){let a=(s.converter?.toAttribute!==void 0?s.converter:Ja).toAttribute(t,s.type);this._$Em=e,a==null?this.removeAttribute(r):this.setAttribute(r,a),this._$Em=null}}_$AK(e,t){let s=this.constructor,r=s._$Eh.get(e);if(r!==void 0&&this._$Em!==r){let a=s.getPropertyOptions(r),n=typeof a.converter=="function"?{fromAttribute:a.converter}:a.converter?.fromAttribute!==void 0?a.converter:Ja;this._$Em=r;let l=n.fromAttribute(t,a.type);this[r]=l??this._$Ej?.get(r)??l,this._$Em=null}}requestUpdate(e,t,s,r=!1,a){if(e!==void 0){let n=this.constructor;if(r===!1&&(a=this[e]),s??=n.getPropertyOptions(e),!((s.hasChanged??Yl)(a,t)||s.useDefault&&s.reflect&&a===this._$Ej?.get(e)&&!this.hasAttribute(n._$Eu(e,s))))return;this.C(e,t,s)}this.isUpdatePending===!1&&(this._$ES=this._$EP())}C(e,t,{useDefault:s,reflect:r,wrapped:a},n){s&&!(this._$Ej??=new Map).has(e)&&(this._$Ej.set(e,n??t??this[e]),a!==!0||n!==void 0)||(this._$AL.has(e)||(this.hasUpdated||s||(t=void 0),this._$AL.set(e,t)),r===!0&&this._$Em!==e&&(this._$Eq??=new Set).add(e))}async _$EP(){this.isUpdatePending=!0;try{await this._$ES}catch(t){Promise.reject(t)}let e=this.scheduleUpdate();return e!=null&&await e,!this.isUpdatePending}scheduleUpdate(){return this.performUpdate()}performUpdate(){if(!this.isUpdatePending)return;if(!this.hasUpdated){if(this.renderRoot??=this.createRenderRoot(),this._$Ep){for(let[r,a]of this._$Ep)this[r]=a;this._$Ep=void 0}let s=this.constructor.elementProperties;if(s.size>0)for(let[r,a]of s){let{wrapped:n}=a,l=this[r];n!==!0||this._$AL.has(r)||l===void 0||this.C(r,void 0,a,l)}}let e=!1,t=this._$AL;try{e=this.shouldUpdate(t),e?(this.willUpdate(t),this._$EO?.forEach(s=>s.hostUpdate?.()),this.update(t)):this._$EM()}catch(s){throw e=!1,this._$EM(),s}e&&this._$AE(t)}willUpdate(e){}_$AE(e){this._$EO?.forEach(t=>t.hostUpdated?.()),this.hasUpdated||(this.hasUpdated=!0,this.firstUpdated(e)),this.updated(e)}_$EM(){this._$AL=new Map,this.isUpdatePending=!1}get updateComplete(){return this.getUpdateComplete()}getUpdateComplete(){return this._$ES}shouldUpdate(e){return!0}update(e){this._$Eq&&=this._$Eq.forEach(t=>this._$ET(t,this[t])),this._$EM()}updated(e){}firstUpdated(e){}};Xe.elementStyles=[],Xe.shadowRootOptions={mode:"open"},Xe[Xi("elementProperties")]=new Map,Xe[Xi("finalized")]=new Map,Mu?.({ReactiveElement:Xe}),(or.reactiveElementVersions??=[]).push("2.1.2");var nn=globalThis,Ql=i=>i,lr=nn.trustedTypes,Zl=lr?lr.createPolicy("lit-html",{createHTML:i=>i}):void 0,id="$lit$",nt=`lit$${Math.random().toFixed(9).slice(2)}$`,sd="?"+nt,Lu=`<${sd}>`,It=document,ji=()=>It.createComment(""),es=i=>i===null||typeof i!="object"&&typeof i!="function",on=Array.isArray,Ru=i=>on(i)||typeof i?.[Symbol.iterator]=="function",ja=`[ 	
\f\r]`,Ji=/<(?:(!--|\/[^a-zA-Z])|(\/?[a-zA-Z][^>\s]*)|(\/?$))/g,Xl=/-->/g,Jl=/>/g,kt=RegExp(`>|${ja}(?:([^\\s"'>=/]+)(${ja}*=${ja}*(?:[^ 	
\f\r"'\`<>=]|("|')|))|$)`,"g"),jl=/'/g,ed=/"/g,rd=/^(?:script|style|textarea|title)$/i,ln=i=>(e,...t)=>({_$litType$:i,strings:e,values:t}),S=ln(1),sp=ln(2),rp=ln(3),Mt=Symbol.for("lit-noChange"),T=Symbol.for("lit-nothing"),td=new WeakMap,wt=It.createTreeWalker(It,129);function ad(i,e){if(!on(i)||!i.hasOwnProperty("raw"))throw Error("invalid template strings array");return Zl!==void 0?Zl.createHTML(e):e}var Cu=(i,e)=>{let t=i.length-1,s=[],r,a=e===2?"<svg>":e===3?"<math>":"",n=Ji;for(let l=0;l<t;l++){let d=i[l],u,g,h=-1,p=0;for(;p<d.length&&(n.lastIndex=p,g=n.exec(d),g!==null);)p=n.lastIndex,n===Ji?g[1]==="!--"?n=Xl:g[1]!==void 0?n=Jl:g[2]!==void 0?(rd.test(g[2])&&(r=RegExp("</"+g[2],"g")),n=kt):g[3]!==void 0&&(n=kt):n===kt?g[0]===">"?(n=r??Ji,h=-1):g[1]===void 0?h=-2:(h=n.lastIndex-g[2].length,u=g[1],n=g[3]===void 0?kt:g[3]==='"'?ed:jl):n===ed||n===jl?n=kt:n===Xl||n===Jl?n=Ji:(n=kt,r=void 0);let f=n===kt&&i[l+1].startsWith("/>")?" ":"";a+=n===Ji?d+Lu:h>=0?(s.push(u),d.slice(0,h)+id+d.slice(h)+nt+f):d+nt+(h===-2?l:f)}return[ad(i,a+(i[t]||"<?>")+(e===2?"</svg>":e===3?"</math>":"")),s]},ts=class i{constructor({strings:e,_$litType$:t},s){let r;this.parts=[];let a=0,n=0,l=e.length-1,d=this.parts,[u,g]=Cu(e,t);if(this.el=i.createElement(u,s),wt.currentNode=this.el.content,t===2||t===3){let h=this.el.content.firstChild;h.replaceWith(...h.childNodes)}for(;(r=wt.nextNode())!==null&&d.length<l;){if(r.nodeType===1){if(r.hasAttributes())for(let h of r.getAttributeNames())if(h.endsWith(id)){let p=g[n++],f=r.getAttribute(h).split(nt),b=/([.?@])?(.*)/.exec(p);d.push({type:1,index:a,name:b[2],strings:f,ctor:b[1]==="."?tn:b[1]==="?"?sn:b[1]==="@"?rn:ti}),r.removeAttribute(h)}else h.startsWith(nt)&&(d.push({type:6,index:a}),r.removeAttribute(h));if(rd.test(r.tagName)){let h=r.textContent.split(nt),p=h.length-1;if(p>0){r.textContent=lr?lr.emptyScript:"";for(let f=0;f<p;f++)r.append(h[f],ji()),wt.nextNode(),d.push({type:2,index:++a});r.append(h[p],ji())}}}else if(r.nodeType===8)if(r.data===sd)d.push({type:2,index:a});else{let h=-1;for(;(h=r.data.indexOf(nt,h+1))!==-1;)d.push({type:7,index:a}),h+=nt.length-1}a++}}static createElement(e,t){let s=It.createElement("template");return s.innerHTML=e,s}};function ei(i,e,t=i,s){if(e===Mt)return e;let r=s!==void 0?t._$Co?.[s]:t._$Cl,a=es(e)?void 0:e._$litDirective$;return r?.constructor!==a&&(r?._$AO?.(!1),a===void 0?r=void 0:(r=new a(i),r._$AT(i,t,s)),s!==void 0?(t._$Co??=[])[s]=r:t._$Cl=r),r!==void 0&&(e=ei(i,r._$AS(i,e.values),r,s)),e}var en=class{constructor(e,t){this._$AV=[],this._$AN=void 0,this._$AD=e,this._$AM=t}get parentNode(){return this._$AM.parentNode}get _$AU(){return this._$AM._$AU}u(e){let{el:{content:t},parts:s}=this._$AD,r=(e?.creationScope??It).importNode(t,!0);wt.currentNode=r;let a=wt.nextNode(),n=0,l=0,d=s[0];for(;d!==void 0;){if(n===d.index){let u;d.type===2?u=new is(a,a.nextSibling,this,e):d.type===1?u=new d.ctor(a,d.name,d.strings,this,e):d.type===6&&(u=new an(a,this,e)),this._$AV.push(u),d=s[++l]}n!==d?.index&&(a=wt.nextNode(),n++)}return wt.currentNode=It,r}p(e){let t=0;for(let s of this._$AV)s!==void 0&&(s.strings!==void 0?(s._$AI(e,s,t),t+=s.strings.length-2):s._$AI(e[t])),t++}},is=class i{get _$AU(){return this._$AM?._$AU??this._$Cv}constructor(e,t,s,r){this.type=2,this._$AH=T,this._$AN=void 0,this._$AA=e,this._$AB=t,this._$AM=s,this.options=r,this._$Cv=r?.isConnected??!0}get parentNode(){let e=this._$AA.parentNode,t=this._$AM;return t!==void 0&&e?.nodeType===11&&(e=t.parentNode),e}get startNode(){return this._$AA}get endNode(){return this._$AB}_$AI(e,t=this){e=ei(this,e,t),es(e)?e===T||e==null||e===""?(this._$AH!==T&&this._$AR(),this._$AH=T):e!==this._$AH&&e!==Mt&&this._(e):e._$litType$!==void 0?this.$(e):e.nodeType!==void 0?this.T(e):Ru(e)?this.k(e):this._(e)}O(e){return this._$AA.parentNode.insertBefore(e,this._$AB)}T(e){this._$AH!==e&&(this._$AR(),this._$AH=this.O(e))}_(e){this._$AH!==T&&es(this._$AH)?this._$AA.nextSibling.data=e:this.T(It.createTextNode(e)),this._$AH=e}$(e){let{values:t,_$litType$:s}=e,r=typeof s=="number"?this._$AC(e):(s.el===void 0&&(s.el=ts.createElement(ad(s.h,s.h[0]),this.options)),s);if(this._$AH?._$AD===r)this._$AH.p(t);else{let a=new en(r,this),n=a.u(this.options);a.p(t),this.T(n),this._$AH=a}}_$AC(e){let t=td.get(e.strings);return t===void 0&&td.set(e.strings,t=new ts(e)),t}k(e){on(this._$AH)||(this._$AH=[],this._$AR());let t=this._$AH,s,r=0;for(let a of e)r===t.length?t.push(s=new i(this.O(ji()),this.O(ji()),this,this.options)):s=t[r],s._$AI(a),r++;r<t.length&&(this._$AR(s&&s._$AB.nextSibling,r),t.length=r)}_$AR(e=this._$AA.nextSibling,t){for(this._$AP?.(!1,!0,t);e!==this._$AB;){let s=Ql(e).nextSibling;Ql(e).remove(),e=s}}setConnected(e){this._$AM===void 0&&(this._$Cv=e,this._$AP?.(e))}},ti=class{get tagName(){return this.element.tagName}get _$AU(){return this._$AM._$AU}constructor(e,t,s,r,a){this.type=1,this._$AH=T,this._$AN=void 0,this.element=e,this.name=t,this._$AM=r,this.options=a,s.length>2||s[0]!==""||s[1]!==""?(this._$AH=Array(s.length-1).fill(new String),this.strings=s):this._$AH=T}_$AI(e,t=this,s,r){let a=this.strings,n=!1;if(a===void 0)e=ei(this,e,t,0),n=!es(e)||e!==this._$AH&&e!==Mt,n&&(this._$AH=e);else{let l=e,d,u;for(e=a[0],d=0;d<a.length-1;d++)u=ei(this,l[s+d],t,d),u===Mt&&(u=this._$AH[d]),n||=!es(u)||u!==this._$AH[d],u===T?e=T:e!==T&&(e+=(u??"")+a[d+1]),this._$AH[d]=u}n&&!r&&this.j(e)}j(e){e===T?this.element.removeAttribute(this.name):this.element.setAttribute(this.name,e??"")}},tn=class extends ti{constructor(){super(...arguments),this.type=3}j(e){this.element[this.name]=e===T?void 0:e}},sn=class extends ti{constructor(){super(...arguments),this.type=4}j(e){this.element.toggleAttribute(this.name,!!e&&e!==T)}},rn=class extends ti{constructor(e,t,s,r,a){super(e,t,s,r,a),this.type=5}_$AI(e,t=this){if((e=ei(this,e,t,0)??T)===Mt)return;let s=this._$AH,r=e===T&&s!==T||e.capture!==s.capture||e.once!==s.once||e.passive!==s.passive,a=e!==T&&(s===T||r);r&&this.element.removeEventListener(this.name,this,s),a&&this.element.addEventListener(this.name,this,e),this._$AH=e}handleEvent(e){typeof this._$AH=="function"?this._$AH.call(this.options?.host??this.element,e):this._$AH.handleEvent(e)}},an=class{constructor(e,t,s){this.element=e,this.type=6,this._$AN=void 0,this._$AM=t,this.options=s}get _$AU(){return this._$AM._$AU}_$AI(e){ei(this,e)}};var xu=nn.litHtmlPolyfillSupport;xu?.(ts,is),(nn.litHtmlVersions??=[]).push("3.3.3");var nd=(i,e,t)=>{let s=t?.renderBefore??e,r=s._$litPart$;if(r===void 0){let a=t?.renderBefore??null;s._$litPart$=r=new is(e.insertBefore(ji(),a),a,void 0,t??{})}return r._$AI(i),r};var dn=globalThis,ge=class extends Xe{constructor(){super(...arguments),this.renderOptions={host:this},this._$Do=void 0}createRenderRoot(){let e=super.createRenderRoot();return this.renderOptions.renderBefore??=e.firstChild,e}update(e){let t=this.render();this.hasUpdated||(this.renderOptions.isConnected=this.isConnected),super.update(e),this._$Do=nd(t,this.renderRoot,this.renderOptions)}connectedCallback(){super.connectedCallback(),this._$Do?.setConnected(!0)}disconnectedCallback(){super.disconnectedCallback(),this._$Do?.setConnected(!1)}render(){return Mt}};ge._$litElement$=!0,ge.finalized=!0,dn.litElementHydrateSupport?.({LitElement:ge});var Du=dn.litElementPolyfillSupport;Du?.({LitElement:ge});(dn.litElementVersions??=[]).push("4.2.2");var cn=null;function Uu(){return cn||(cn=typeof crypto<"u"&&"randomUUID"in crypto?crypto.randomUUID():Math.random().toString(36).slice(2)+Date.now().toString(36)),cn}var un=class{constructor(e){this.max=e;this.items=[];this.dropped=0}push(...e){this.items.push(...e);let t=this.items.length-this.max;t>0&&(this.items.splice(0,t),this.dropped+=t)}unshift(e){this.items.unshift(...e);let t=this.items.length-this.max;t>0&&(this.items.splice(0,t),this.dropped+=t)}take(e){return this.items.splice(0,e)}get length(){return this.items.length}};function Ou(i){return async(e,t)=>{if(t&&typeof navigator<"u"&&navigator.sendBeacon&&navigator.sendBeacon(i,new Blob([e],{type:"text/plain;charset=UTF-8"})))return!0;try{let s=await fetch(i,{method:"POST",body:e,keepalive:!0,credentials:"omit",headers:{"content-type":"text/plain;charset=UTF-8"}});return s.ok||s.status>=400&&s.status<500&&s.status!==429}catch{return!1}}}var Lt=class{constructor(e){this.session=Uu();this.media=null;this.off=[];this.playRequestedAt=0;this.startupReported=!1;this.buffering=!1;this.bufferStart=0;this.lastBeat=0;this.watchedFrom=0;this.lastPos=0;this.seekFrom=null;this.sending=!1;if(this.opts={interval:5e3,batch:50,heartbeat:1e4,maxQueue:500,...e},this.q=new un(this.opts.maxQueue),this.send=e.send||Ou(e.endpoint),typeof window<"u"){let t=()=>{this.beat(),this.flush(!0)},s=()=>document.visibilityState==="hidden"&&t();window.addEventListener("pagehide",t),document.addEventListener("visibilitychange",s),this.off.push(()=>window.removeEventListener("pagehide",t)),this.off.push(()=>document.removeEventListener("visibilitychange",s))}this.timer=setInterval(()=>this.flush(!1),this.opts.interval)}get queued(){return this.q.length}pos(){let e=this.media?.currentTime;return Number.isFinite(e)?Math.round(e*1e3)/1e3:0}track(e,t={}){this.q.push({type:e,embed:this.opts.embed,session:this.session,t:Date.now(),position:this.pos(),...t}),this.q.length>=this.opts.batch&&this.flush(!1)}attach(e){this.media=e,this.track("view",{url:typeof location<"u"?location.origin+location.pathname:void 0});let t=(s,r)=>{e.addEventListener(s,r),this.off.push(()=>e.removeEventListener(s,r))};t("play",()=>{this.startupReported||(this.playRequestedAt=performance.now()),this.track("play")}),t("playing",()=>{!this.startupReported&&this.playRequestedAt&&(this.startupReported=!0,this.track("startup",{ms:Math.round(performance.now()-this.playRequestedAt)})),this.buffering&&this.endBuffer(),this.watchedFrom=this.pos(),this.lastBeat=performance.now(),this.startBeats()}),t("pause",()=>{this.beat(),this.stopBeats(),e.ended||this.track("pause")}),t("timeupdate",()=>{e.seeking||(this.lastPos=this.pos())}),t("seeking",()=>{this.seekFrom===null&&(this.seekFrom=this.lastPos,!e.paused&&this.lastBeat&&this.lastPos>this.watchedFrom&&this.track("heartbeat",{from:this.watchedFrom,to:this.lastPos}))}),t("seeked",()=>{let s=this.pos();this.track("seeked",{from:this.seekFrom??this.lastPos,to:s}),this.seekFrom=null,this.watchedFrom=s,this.lastPos=s}),t("ended",()=>{this.beat(),this.stopBeats(),this.track("ended")}),t("waiting",()=>{!this.buffering&&!e.paused&&!e.seeking&&this.startupReported&&(this.buffering=!0,this.bufferStart=performance.now(),this.track("rebuffer_start"))}),t("canplay",()=>this.buffering&&this.endBuffer()),t("error",()=>{let s=e.error;this.track("error",{code:String(s?.code??0),message:s?.message||""})})}endBuffer(){this.buffering=!1,this.track("rebuffer_end",{duration_ms:Math.round(performance.now()-this.bufferStart)})}renditionChange(e){this.track("rendition_change",{...e,rendition:e.name})}error(e,t){this.track("error",{code:e,message:t})}beat(){if(!this.media||this.lastBeat===0)return;let e=this.pos();this.media.seeking||(e>this.watchedFrom&&this.track("heartbeat",{from:this.watchedFrom,to:e}),this.watchedFrom=e)}startBeats(){this.stopBeats(),this.hb=setInterval(()=>this.beat(),this.opts.heartbeat)}stopBeats(){this.hb&&clearInterval(this.hb),this.hb=void 0}async flush(e){if(!this.q.length||this.sending&&!e)return;let t=this.q.take(e?this.q.length:this.opts.batch),s=JSON.stringify({events:t});this.sending=!0;let r=!1;try{r=await this.send(s,e)}finally{this.sending=!1}r?this.q.length>=this.opts.batch&&this.flush(!1):this.q.unshift(t)}destroy(){this.beat(),this.flush(!0),this.stopBeats(),this.timer&&clearInterval(this.timer),this.off.forEach(e=>e()),this.off=[],this.media=null}};function le(i,e){typeof customElements<"u"&&!customElements.get(i)&&customElements.define(i,e)}var q=class extends ge{constructor(){super();this._error=null;this._io=null;this._near=!1;this._loadSeq=0;this._loadPromise=null;this.embed=null,this.token=null,this.api=null,this.loading=null,this._state="idle",this._message="",this._info=null}get lazy(){return this.loading!=="eager"&&typeof IntersectionObserver<"u"}connectedCallback(){super.connectedCallback(),this.lazy?(this._io=new IntersectionObserver(t=>{t.some(s=>s.isIntersecting)&&(this._near=!0,this._io?.disconnect(),this._io=null,this._state==="idle"&&this.load())},{rootMargin:this.constructor.lazyMargin}),this._io.observe(this)):this._near=!0}disconnectedCallback(){super.disconnectedCallback(),this._io?.disconnect(),this._io=null,clearTimeout(this._retryTimer)}willUpdate(t){(t.has("embed")||t.has("token")||t.has("api"))&&this.hasUpdated&&(this.reset(),this._near&&this.load())}firstUpdated(){this._near&&this._state==="idle"&&this.load()}reset(){this._loadSeq++,clearTimeout(this._retryTimer),this._loadPromise=null,this._info=null,this._error=null,this._state="idle",this._message=""}load(){if(this._loadPromise)return this._loadPromise;let t=++this._loadSeq;return this._loadPromise=this._attempt(t,0),this._loadPromise}async _attempt(t,s){if(!this.embed)return this._fail(new F(0,"no_embed","No video: set the embed attribute.")),null;this._state=s===0?"loading":"processing";let r;try{r=await Qi(ke(this),this.embed,this.token,s>0)}catch(n){if(t!==this._loadSeq)return null;let l=n instanceof F?n:new F(0,"network",String(n));return l.code==="network"&&s>0?this._retry(t,s):(this._fail(l),null)}if(t!==this._loadSeq)return null;if(r.archived)return this._fail(new F(404,"not_found","archived")),null;if(!r.playable)return r.state==="errored"?(this._fail(new F(422,"media","This video could not be processed.")),null):(this._state="processing",this._message="This video is still processing. It will start as soon as it is ready.",this.dispatchEvent(new CustomEvent("reel-processing",{detail:{state:r.state,attempt:s}})),this._retry(t,s));let a=Fl(r,this.token);return this._info=a,this._state="ready",this._message="",this._error=null,this.dispatchEvent(new CustomEvent("reel-load",{detail:a})),await this.onInfo(a),a}_retry(t,s){let r=sr(s,this.constructor.retryBase);return new Promise(a=>{this._retryTimer=setTimeout(()=>{if(t!==this._loadSeq)return a(null);a(this._attempt(t,s+1))},r)})}_fail(t){this._error=t,this._state="error",this._message=St(t),this.dispatchEvent(new CustomEvent("reel-error",{detail:{code:t.code,status:t.status,message:this._message}}))}async onInfo(t){}get info(){return this._info}get state(){return this._state}get errorCode(){return this._error?.code??null}};q.properties={embed:{type:String,reflect:!0},token:{type:String},api:{type:String},loading:{type:String},_state:{state:!0},_message:{state:!0},_info:{state:!0}},q.retryBase=1e3,q.lazyMargin="400px 0px";var dr=class{addEventListener(){}removeEventListener(){}dispatchEvent(){return!0}},cr=class extends dr{},ur=class extends cr{constructor(){super(...arguments),this.role=null}},hn=class{observe(){}unobserve(){}disconnect(){}},od={createElement:function(){return new ss.HTMLElement},createElementNS:function(){return new ss.HTMLElement},addEventListener(){},removeEventListener(){},dispatchEvent(i){return!1}},ss={ResizeObserver:hn,document:od,Node:cr,Element:ur,HTMLElement:class extends ur{constructor(){super(...arguments),this.innerHTML=""}get content(){return new ss.DocumentFragment}},DocumentFragment:class extends dr{},customElements:{get:function(){},define:function(){},whenDefined:function(){}},localStorage:{getItem(i){return null},setItem(i,e){},removeItem(i){}},CustomEvent:function(){},getComputedStyle:function(){},navigator:{languages:[],get userAgent(){return""}},matchMedia(i){return{matches:!1,media:i}},DOMParser:class{parseFromString(e,t){return{body:{textContent:e}}}}},ld="global"in globalThis&&globalThis?.global===globalThis||typeof window>"u"||typeof window.customElements>"u",dd=Object.keys(ss).every(i=>i in globalThis),c=ld&&!dd?ss:globalThis,H=ld&&!dd?od:globalThis.document;var v={MEDIA_PLAY_REQUEST:"mediaplayrequest",MEDIA_PAUSE_REQUEST:"mediapauserequest",MEDIA_MUTE_REQUEST:"mediamuterequest",MEDIA_UNMUTE_REQUEST:"mediaunmuterequest",MEDIA_LOOP_REQUEST:"medialooprequest",MEDIA_VOLUME_REQUEST:"mediavolumerequest",MEDIA_SEEK_REQUEST:"mediaseekrequest",MEDIA_AIRPLAY_REQUEST:"mediaairplayrequest",MEDIA_ENTER_FULLSCREEN_REQUEST:"mediaenterfullscreenrequest",MEDIA_EXIT_FULLSCREEN_REQUEST:"mediaexitfullscreenrequest",MEDIA_PREVIEW_REQUEST:"mediapreviewrequest",MEDIA_ENTER_PIP_REQUEST:"mediaenterpiprequest",MEDIA_EXIT_PIP_REQUEST:"mediaexitpiprequest",MEDIA_ENTER_CAST_REQUEST:"mediaentercastrequest",MEDIA_EXIT_CAST_REQUEST:"mediaexitcastrequest",MEDIA_SHOW_TEXT_TRACKS_REQUEST:"mediashowtexttracksrequest",MEDIA_HIDE_TEXT_TRACKS_REQUEST:"mediahidetexttracksrequest",MEDIA_SHOW_SUBTITLES_REQUEST:"mediashowsubtitlesrequest",MEDIA_DISABLE_SUBTITLES_REQUEST:"mediadisablesubtitlesrequest",MEDIA_TOGGLE_SUBTITLES_REQUEST:"mediatogglesubtitlesrequest",MEDIA_PLAYBACK_RATE_REQUEST:"mediaplaybackraterequest",MEDIA_RENDITION_REQUEST:"mediarenditionrequest",MEDIA_AUDIO_TRACK_REQUEST:"mediaaudiotrackrequest",MEDIA_SEEK_TO_LIVE_REQUEST:"mediaseektoliverequest",REGISTER_MEDIA_STATE_RECEIVER:"registermediastatereceiver",UNREGISTER_MEDIA_STATE_RECEIVER:"unregistermediastatereceiver"},I={MEDIA_CHROME_ATTRIBUTES:"mediachromeattributes",MEDIA_CONTROLLER:"mediacontroller"},mn={MEDIA_AIRPLAY_UNAVAILABLE:"mediaAirplayUnavailable",MEDIA_AUDIO_TRACK_ENABLED:"mediaAudioTrackEnabled",MEDIA_AUDIO_TRACK_LIST:"mediaAudioTrackList",MEDIA_AUDIO_TRACK_UNAVAILABLE:"mediaAudioTrackUnavailable",MEDIA_BUFFERED:"mediaBuffered",MEDIA_CAST_UNAVAILABLE:"mediaCastUnavailable",MEDIA_CHAPTERS_CUES:"mediaChaptersCues",MEDIA_CURRENT_TIME:"mediaCurrentTime",MEDIA_DURATION:"mediaDuration",MEDIA_ENDED:"mediaEnded",MEDIA_ERROR:"mediaError",MEDIA_ERROR_CODE:"mediaErrorCode",MEDIA_ERROR_MESSAGE:"mediaErrorMessage",MEDIA_FULLSCREEN_UNAVAILABLE:"mediaFullscreenUnavailable",MEDIA_HAS_PLAYED:"mediaHasPlayed",MEDIA_HEIGHT:"mediaHeight",MEDIA_IS_AIRPLAYING:"mediaIsAirplaying",MEDIA_IS_CASTING:"mediaIsCasting",MEDIA_IS_FULLSCREEN:"mediaIsFullscreen",MEDIA_IS_PIP:"mediaIsPip",MEDIA_LOADING:"mediaLoading",MEDIA_MUTED:"mediaMuted",MEDIA_LOOP:"mediaLoop",MEDIA_PAUSED:"mediaPaused",MEDIA_PIP_UNAVAILABLE:"mediaPipUnavailable",MEDIA_PLAYBACK_RATE:"mediaPlaybackRate",MEDIA_PREVIEW_CHAPTER:"mediaPreviewChapter",MEDIA_PREVIEW_COORDS:"mediaPreviewCoords",MEDIA_PREVIEW_IMAGE:"mediaPreviewImage",MEDIA_PREVIEW_TIME:"mediaPreviewTime",MEDIA_RENDITION_LIST:"mediaRenditionList",MEDIA_RENDITION_SELECTED:"mediaRenditionSelected",MEDIA_RENDITION_UNAVAILABLE:"mediaRenditionUnavailable",MEDIA_SEEKABLE:"mediaSeekable",MEDIA_STREAM_TYPE:"mediaStreamType",MEDIA_SUBTITLES_LIST:"mediaSubtitlesList",MEDIA_SUBTITLES_SHOWING:"mediaSubtitlesShowing",MEDIA_TARGET_LIVE_WINDOW:"mediaTargetLiveWindow",MEDIA_TIME_IS_LIVE:"mediaTimeIsLive",MEDIA_VOLUME:"mediaVolume",MEDIA_VOLUME_LEVEL:"mediaVolumeLevel",MEDIA_VOLUME_UNAVAILABLE:"mediaVolumeUnavailable",MEDIA_LANG:"mediaLang",MEDIA_WIDTH:"mediaWidth"},cd=Object.entries(mn),o=cd.reduce((i,[e,t])=>(i[e]=t.toLowerCase(),i),{}),Pu={USER_INACTIVE_CHANGE:"userinactivechange",BREAKPOINTS_CHANGE:"breakpointchange",BREAKPOINTS_COMPUTED:"breakpointscomputed"},Rt=cd.reduce((i,[e,t])=>(i[e]=t.toLowerCase(),i),{...Pu}),Ip=Object.entries(Rt).reduce((i,[e,t])=>{let s=o[e];return s&&(i[t]=s),i},{userinactivechange:"userinactive"}),ud=Object.entries(o).reduce((i,[e,t])=>{let s=Rt[e];return s&&(i[t]=s),i},{userinactive:"userinactivechange"}),de={SUBTITLES:"subtitles",CAPTIONS:"captions",DESCRIPTIONS:"descriptions",CHAPTERS:"chapters",METADATA:"metadata"},ot={DISABLED:"disabled",HIDDEN:"hidden",SHOWING:"showing"};var hr={MOUSE:"mouse",PEN:"pen",TOUCH:"touch"},ce={UNAVAILABLE:"unavailable",UNSUPPORTED:"unsupported"},me={LIVE:"live",ON_DEMAND:"on-demand",UNKNOWN:"unknown"};var hd={INLINE:"inline",FULLSCREEN:"fullscreen",PICTURE_IN_PICTURE:"picture-in-picture"};var md=new WeakMap,pn=i=>{let e=md.get(i);return e||md.set(i,e=new Set),e},pd=new c.ResizeObserver(i=>{for(let e of i)for(let t of pn(e.target))t(e)});function Je(i,e){pn(i).add(e),pd.observe(i)}function je(i,e){let t=pn(i);t.delete(e),t.size||pd.unobserve(i)}function N(i){let e={};for(let t of i)e[t.name]=t.value;return e}function Ee(i){var e;return(e=mr(i))!=null?e:Ue(i,"media-controller")}function mr(i){var e;let{MEDIA_CONTROLLER:t}=I,s=i.getAttribute(t);if(s)return(e=Ct(i))==null?void 0:e.getElementById(s)}var ae=(i,e)=>!i||!e?!1:i?.contains(e)?!0:ae(i,e.getRootNode().host),Ue=(i,e)=>{if(!i)return null;let t=i.closest(e);return t||Ue(i.getRootNode().host,e)};function rs(i=document){var e;let t=i?.activeElement;return t?(e=rs(t.shadowRoot))!=null?e:t:null}function Ct(i){var e;let t=(e=i?.getRootNode)==null?void 0:e.call(i);return t instanceof ShadowRoot||t instanceof Document?t:null}function pr(i,{depth:e=3,checkOpacity:t=!0,checkVisibilityCSS:s=!0}={}){if(i.checkVisibility)return i.checkVisibility({checkOpacity:t,checkVisibilityCSS:s});let r=i;for(;r&&e>0;){let a=getComputedStyle(r);if(t&&a.opacity==="0"||s&&a.visibility==="hidden"||a.display==="none")return!1;r=r.parentElement,e--}return!0}function fd(i,e,t,s){let r=s.x-t.x,a=s.y-t.y,n=r*r+a*a;if(n===0)return 0;let l=((i-t.x)*r+(e-t.y)*a)/n;return Math.max(0,Math.min(1,l))}function $(i,e){let t=$u(i,s=>s===e);return t||as(i,e)}function $u(i,e){var t,s;let r;for(r of(t=i.querySelectorAll("style:not([media])"))!=null?t:[]){let a;try{a=(s=r.sheet)==null?void 0:s.cssRules}catch{continue}for(let n of a??[])if(e(n.selectorText))return n}}function as(i,e){var t,s;let r=(t=i.querySelectorAll("style:not([media])"))!=null?t:[],a=r?.[r.length-1];if(!a?.sheet)return console.warn("Media Chrome: No style sheet found on style tag of",i),{style:{setProperty:()=>{},removeProperty:()=>"",getPropertyValue:()=>""}};let n=a?.sheet.insertRule(`${e}{}`,a.sheet.cssRules.length);return(s=a.sheet.cssRules)==null?void 0:s[n]}function X(i,e,t=Number.NaN){let s=i.getAttribute(e);return s!=null?+s:t}function J(i,e,t){let s=+t;if(t==null||Number.isNaN(s)){i.hasAttribute(e)&&i.removeAttribute(e);return}X(i,e,void 0)!==s&&i.setAttribute(e,`${s}`)}function k(i,e){return i.hasAttribute(e)}function w(i,e,t){if(t==null){i.hasAttribute(e)&&i.removeAttribute(e);return}k(i,e)!=t&&i.toggleAttribute(e,t)}function C(i,e,t=null){var s;return(s=i.getAttribute(e))!=null?s:t}function R(i,e,t){if(t==null){i.hasAttribute(e)&&i.removeAttribute(e);return}let s=`${t}`;C(i,e,void 0)!==s&&i.setAttribute(e,s)}var vd=(i,e,t)=>{if(!e.has(i))throw TypeError("Cannot "+t)},we=(i,e,t)=>(vd(i,e,"read from private field"),t?t.call(i):e.get(i)),Nu=(i,e,t)=>{if(e.has(i))throw TypeError("Cannot add the same private member more than once");e instanceof WeakSet?e.add(i):e.set(i,t)},fr=(i,e,t,s)=>(vd(i,e,"write to private field"),s?s.call(i,t):e.set(i,t),t),te;function Hu(i){return`
    <style>
      :host {
        display: var(--media-control-display, var(--media-gesture-receiver-display, inline-block));
        box-sizing: border-box;
      }
    </style>
  `}var ii=class extends c.HTMLElement{constructor(){if(super(),Nu(this,te,void 0),!this.shadowRoot){this.attachShadow(this.constructor.shadowRootOptions);let e=N(this.attributes);this.shadowRoot.innerHTML=this.constructor.getTemplateHTML(e)}}static get observedAttributes(){return[I.MEDIA_CONTROLLER,o.MEDIA_PAUSED]}attributeChangedCallback(e,t,s){var r,a,n,l,d;e===I.MEDIA_CONTROLLER&&(t&&((a=(r=we(this,te))==null?void 0:r.unassociateElement)==null||a.call(r,this),fr(this,te,null)),s&&this.isConnected&&(fr(this,te,(n=this.getRootNode())==null?void 0:n.getElementById(s)),(d=(l=we(this,te))==null?void 0:l.associateElement)==null||d.call(l,this)))}connectedCallback(){var e,t;this.tabIndex=-1,this.setAttribute("aria-hidden","true"),fr(this,te,Bu(this)),this.getAttribute(I.MEDIA_CONTROLLER)&&((t=(e=we(this,te))==null?void 0:e.associateElement)==null||t.call(e,this)),we(this,te)&&(we(this,te).addEventListener("pointerdown",this),we(this,te).addEventListener("click",this),we(this,te).hasAttribute("tabindex")||(we(this,te).tabIndex=0))}disconnectedCallback(){var e,t,s,r;this.getAttribute(I.MEDIA_CONTROLLER)&&((t=(e=we(this,te))==null?void 0:e.unassociateElement)==null||t.call(e,this)),(s=we(this,te))==null||s.removeEventListener("pointerdown",this),(r=we(this,te))==null||r.removeEventListener("click",this),fr(this,te,null)}handleEvent(e){var t;let s=(t=e.composedPath())==null?void 0:t[0];if(["video","media-controller"].includes(s?.localName)){if(e.type==="pointerdown")this._pointerType=e.pointerType;else if(e.type==="click"){let{clientX:a,clientY:n}=e,{left:l,top:d,width:u,height:g}=this.getBoundingClientRect(),h=a-l,p=n-d;if(h<0||p<0||h>u||p>g||u===0&&g===0)return;let f=this._pointerType||"mouse";if(this._pointerType=void 0,f===hr.TOUCH){this.handleTap(e);return}else if(f===hr.MOUSE||f===hr.PEN){this.handleMouseClick(e);return}}}}get mediaPaused(){return k(this,o.MEDIA_PAUSED)}set mediaPaused(e){w(this,o.MEDIA_PAUSED,e)}handleTap(e){}handleMouseClick(e){let t=this.mediaPaused?v.MEDIA_PLAY_REQUEST:v.MEDIA_PAUSE_REQUEST;this.dispatchEvent(new c.CustomEvent(t,{composed:!0,bubbles:!0}))}};te=new WeakMap;ii.shadowRootOptions={mode:"open"};ii.getTemplateHTML=Hu;function Bu(i){var e;let t=i.getAttribute(I.MEDIA_CONTROLLER);return t?(e=i.getRootNode())==null?void 0:e.getElementById(t):Ue(i,"media-controller")}c.customElements.get("media-gesture-receiver")||c.customElements.define("media-gesture-receiver",ii);var fn=ii;var gd={"Start airplay":"Start airplay","Stop airplay":"Stop airplay",Audio:"Audio",Captions:"Captions","Enable captions":"Enable captions","Disable captions":"Disable captions","Start casting":"Start casting","Stop casting":"Stop casting","Enter fullscreen mode":"Enter fullscreen mode","Exit fullscreen mode":"Exit fullscreen mode",Mute:"Mute",Unmute:"Unmute",Loop:"Loop","Enter picture in picture mode":"Enter picture in picture mode","Exit picture in picture mode":"Exit picture in picture mode",Play:"Play",Pause:"Pause","Playback rate":"Playback rate","Playback rate {playbackRate}":"Playback rate {playbackRate}",Quality:"Quality","Seek backward":"Seek backward","Seek forward":"Seek forward",Settings:"Settings",Auto:"Auto","audio player":"audio player","video player":"video player",volume:"volume",seek:"seek","closed captions":"closed captions","current playback rate":"current playback rate","playback time":"playback time","media loading":"media loading",settings:"settings","audio tracks":"audio tracks",quality:"quality",play:"play",pause:"pause",mute:"mute",unmute:"unmute","chapter: {chapterName}":"chapter: {chapterName}",live:"live",Off:"Off","start airplay":"start airplay","stop airplay":"stop airplay","start casting":"start casting","stop casting":"stop casting","enter fullscreen mode":"enter fullscreen mode","exit fullscreen mode":"exit fullscreen mode","enter picture in picture mode":"enter picture in picture mode","exit picture in picture mode":"exit picture in picture mode","seek to live":"seek to live","playing live":"playing live","seek back {seekOffset} seconds":"seek back {seekOffset} seconds","seek forward {seekOffset} seconds":"seek forward {seekOffset} seconds","Network Error":"Network Error","Decode Error":"Decode Error","Source Not Supported":"Source Not Supported","Encryption Error":"Encryption Error","A network error caused the media download to fail.":"A network error caused the media download to fail.","A media error caused playback to be aborted. The media could be corrupt or your browser does not support this format.":"A media error caused playback to be aborted. The media could be corrupt or your browser does not support this format.","An unsupported error occurred. The server or network failed, or your browser does not support this format.":"An unsupported error occurred. The server or network failed, or your browser does not support this format.","The media is encrypted and there are no keys to decrypt it.":"The media is encrypted and there are no keys to decrypt it.",hour:"hour",hours:"hours",minute:"minute",minutes:"minutes",second:"second",seconds:"seconds","{time} remaining":"{time} remaining","{currentTime} of {totalTime}":"{currentTime} of {totalTime}","video not loaded, unknown time.":"video not loaded, unknown time."};var Ed,ns={en:gd},si=((Ed=globalThis.navigator)==null?void 0:Ed.language)||"en",_d=i=>{si=i};var Wu=i=>{var e,t,s;let[r]=si.split("-");return((e=ns[si])==null?void 0:e[i])||((t=ns[r])==null?void 0:t[i])||((s=ns.en)==null?void 0:s[i])||i},bd=()=>{let[i]=si.split("-");return ns[si]?si:ns[i]?i:"en"},y=(i,e={})=>Wu(i).replace(/\{(\w+)\}/g,(t,s)=>s in e?String(e[s]):`{${s}}`);var _n=(i,e,t)=>{if(!e.has(i))throw TypeError("Cannot "+t)},K=(i,e,t)=>(_n(i,e,"read from private field"),t?t.call(i):e.get(i)),ne=(i,e,t)=>{if(e.has(i))throw TypeError("Cannot add the same private member more than once");e instanceof WeakSet?e.add(i):e.set(i,t)},Ie=(i,e,t,s)=>(_n(i,e,"write to private field"),s?s.call(i,t):e.set(i,t),t),Me=(i,e,t)=>(_n(i,e,"access private method"),t),os,Er,ri,oi,ni,vn,ai,vr,gn,yd,En,Ad,ls,_r,br,bn,li,ds,lt,gr,A={AUDIO:"audio",AUTOHIDE:"autohide",BREAKPOINTS:"breakpoints",GESTURES_DISABLED:"gesturesdisabled",KEYBOARD_CONTROL:"keyboardcontrol",NO_AUTOHIDE:"noautohide",USER_INACTIVE:"userinactive",AUTOHIDE_OVER_CONTROLS:"autohideovercontrols"};function Fu(i){return`
    <style>
      
      :host([${o.MEDIA_IS_FULLSCREEN}]) ::slotted([slot=media]) {
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

      :host(:not([${A.AUDIO}])) [part~=layer]:not([part~=media-layer]) {
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

      
      :host([${A.AUDIO}]) slot[name=media] {
        display: var(--media-slot-display, none);
      }

      
      :host([${A.AUDIO}]) [part~=layer][part~=gesture-layer] {
        height: 0;
        display: block;
      }

      
      :host(:not([${A.AUDIO}])[${A.GESTURES_DISABLED}]) ::slotted([slot=gestures-chrome]),
          :host(:not([${A.AUDIO}])[${A.GESTURES_DISABLED}]) media-gesture-receiver[slot=gestures-chrome] {
        display: none;
      }

      
      ::slotted(:not([slot=media]):not([slot=poster]):not(media-loading-indicator):not([role=dialog]):not([hidden])) {
        pointer-events: auto;
      }

      :host(:not([${A.AUDIO}])) *[part~=layer][part~=centered-layer] {
        align-items: center;
        justify-content: center;
      }

      :host(:not([${A.AUDIO}])) ::slotted(media-gesture-receiver[slot=gestures-chrome]),
      :host(:not([${A.AUDIO}])) media-gesture-receiver[slot=gestures-chrome] {
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

      
      :host(:not([${A.AUDIO}])) .spacer {
        flex-grow: 1;
      }

      
      :host(:-webkit-full-screen) {
        
        width: 100% !important;
        height: 100% !important;
      }

      
      ::slotted(:not([slot=media]):not([slot=poster]):not([${A.NO_AUTOHIDE}]):not([hidden]):not([role=dialog])) {
        opacity: 1;
        transition: var(--media-control-transition-in, opacity 0.25s);
      }

      
      :host([${A.USER_INACTIVE}]:not([${o.MEDIA_PAUSED}]):not([${o.MEDIA_IS_AIRPLAYING}]):not([${o.MEDIA_IS_CASTING}]):not([${A.AUDIO}])) ::slotted(:not([slot=media]):not([slot=poster]):not([${A.NO_AUTOHIDE}]):not([role=dialog])) {
        opacity: 0;
        transition: var(--media-control-transition-out, opacity 1s);
      }

      :host([${A.USER_INACTIVE}]:not([${A.NO_AUTOHIDE}]):not([${o.MEDIA_PAUSED}]):not([${o.MEDIA_IS_CASTING}]):not([${A.AUDIO}])) ::slotted([slot=media]) {
        cursor: none;
      }

      :host([${A.USER_INACTIVE}][${A.AUTOHIDE_OVER_CONTROLS}]:not([${A.NO_AUTOHIDE}]):not([${o.MEDIA_PAUSED}]):not([${o.MEDIA_IS_CASTING}]):not([${A.AUDIO}])) * {
        --media-cursor: none;
        cursor: none;
      }


      ::slotted(media-control-bar)  {
        align-self: stretch;
      }

      
      
      :host(:not([${A.AUDIO}])[${o.MEDIA_HAS_PLAYED}]) slot[name=poster],
      :host(:not([${A.AUDIO}])[${o.MEDIA_STREAM_TYPE}="${me.ON_DEMAND}"][${o.MEDIA_CURRENT_TIME}]:not([${o.MEDIA_CURRENT_TIME}="0"])) slot[name=poster] {
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
        <template shadowrootmode="${fn.shadowRootOptions.mode}">
          ${fn.getTemplateHTML({})}
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
  `}var Vu=Object.values(o),qu="sm:384 md:576 lg:768 xl:960";function Ku(i){Td(i.target,i.contentRect.width)}function Td(i,e){var t;if(!i.isConnected)return;let s=(t=i.getAttribute(A.BREAKPOINTS))!=null?t:qu,r=Gu(s),a=zu(r,e),n=!1;if(Object.keys(r).forEach(l=>{if(a.includes(l)){i.hasAttribute(`breakpoint${l}`)||(i.setAttribute(`breakpoint${l}`,""),n=!0);return}i.hasAttribute(`breakpoint${l}`)&&(i.removeAttribute(`breakpoint${l}`),n=!0)}),n){let l=new CustomEvent(Rt.BREAKPOINTS_CHANGE,{detail:a});i.dispatchEvent(l)}i.breakpointsComputed||(i.breakpointsComputed=!0,i.dispatchEvent(new CustomEvent(Rt.BREAKPOINTS_COMPUTED,{bubbles:!0,composed:!0})))}function Gu(i){let e=i.split(/\s+/);return Object.fromEntries(e.map(t=>t.split(":")))}function zu(i,e){return Object.keys(i).filter(t=>e>=parseInt(i[t]))}var xt=class extends c.HTMLElement{constructor(){if(super(),ne(this,gn),ne(this,En),ne(this,ls),ne(this,br),ne(this,li),ne(this,os,void 0),ne(this,Er,0),ne(this,ri,null),ne(this,oi,null),ne(this,ni,void 0),this.breakpointsComputed=!1,ne(this,vn,e=>{let t=this.media;for(let s of e){if(s.type!=="childList")continue;let r=s.removedNodes;for(let a of r){if(a.slot!="media"||s.target!=this)continue;let n=s.previousSibling&&s.previousSibling.previousElementSibling;if(!n||!t)this.mediaUnsetCallback(a);else{let l=n.slot!=="media";for(;(n=n.previousSibling)!==null;)n.slot=="media"&&(l=!1);l&&this.mediaUnsetCallback(a)}}if(t)for(let a of s.addedNodes)a===t&&this.handleMediaUpdated(t)}}),ne(this,ai,!1),ne(this,vr,e=>{K(this,ai)||(setTimeout(()=>{Ku(e),Ie(this,ai,!1)},0),Ie(this,ai,!0))}),ne(this,lt,void 0),ne(this,gr,()=>{if(!K(this,lt).assignedElements({flatten:!0}).length){K(this,ri)&&this.mediaUnsetCallback(K(this,ri));return}this.handleMediaUpdated(this.media)}),!this.shadowRoot){this.attachShadow(this.constructor.shadowRootOptions);let e=N(this.attributes),t=this.constructor.getTemplateHTML(e);this.shadowRoot.setHTMLUnsafe?this.shadowRoot.setHTMLUnsafe(t):this.shadowRoot.innerHTML=t}Ie(this,os,new MutationObserver(K(this,vn)))}static get observedAttributes(){return[A.AUTOHIDE,A.GESTURES_DISABLED].concat(Vu).filter(e=>![o.MEDIA_RENDITION_LIST,o.MEDIA_AUDIO_TRACK_LIST,o.MEDIA_CHAPTERS_CUES,o.MEDIA_WIDTH,o.MEDIA_HEIGHT,o.MEDIA_ERROR,o.MEDIA_ERROR_MESSAGE].includes(e))}attributeChangedCallback(e,t,s){e.toLowerCase()==A.AUTOHIDE&&(this.autohide=s)}get media(){let e=this.querySelector(":scope > [slot=media]");return e?.nodeName=="SLOT"&&(e=e.assignedElements({flatten:!0})[0]),e}async handleMediaUpdated(e){e&&(Ie(this,ri,e),e.localName.includes("-")&&await c.customElements.whenDefined(e.localName),this.mediaSetCallback(e))}connectedCallback(){var e;K(this,os).observe(this,{childList:!0,subtree:!0}),Je(this,K(this,vr));let s=this.getAttribute(A.AUDIO)!=null?y("audio player"):y("video player");this.setAttribute("role","region"),this.setAttribute("aria-label",s),this.handleMediaUpdated(this.media),this.setAttribute(A.USER_INACTIVE,""),Td(this,this.getBoundingClientRect().width);let r=this.querySelector(":scope > slot[slot=media]");r&&(Ie(this,lt,r),K(this,lt).addEventListener("slotchange",K(this,gr))),this.addEventListener("pointerdown",this),this.addEventListener("pointermove",this),this.addEventListener("pointerup",this),this.addEventListener("mouseleave",this),this.addEventListener("keyup",this),(e=c.window)==null||e.addEventListener("mouseup",this)}disconnectedCallback(){var e;je(this,K(this,vr)),clearTimeout(K(this,oi)),K(this,os).disconnect(),this.media&&this.mediaUnsetCallback(this.media),(e=c.window)==null||e.removeEventListener("mouseup",this),this.removeEventListener("pointerdown",this),this.removeEventListener("pointermove",this),this.removeEventListener("pointerup",this),this.removeEventListener("mouseleave",this),this.removeEventListener("keyup",this),K(this,lt)&&(K(this,lt).removeEventListener("slotchange",K(this,gr)),Ie(this,lt,null)),Ie(this,ai,!1)}mediaSetCallback(e){}mediaUnsetCallback(e){Ie(this,ri,null)}handleEvent(e){switch(e.type){case"pointerdown":Ie(this,Er,e.timeStamp);break;case"pointermove":Me(this,gn,yd).call(this,e);break;case"pointerup":Me(this,En,Ad).call(this,e);break;case"mouseleave":Me(this,ls,_r).call(this);break;case"mouseup":this.removeAttribute(A.KEYBOARD_CONTROL);break;case"keyup":Me(this,li,ds).call(this),this.setAttribute(A.KEYBOARD_CONTROL,"");break}}set autohide(e){let t=Number(e);Ie(this,ni,isNaN(t)?0:t)}get autohide(){return(K(this,ni)===void 0?2:K(this,ni)).toString()}get breakpoints(){return C(this,A.BREAKPOINTS)}set breakpoints(e){R(this,A.BREAKPOINTS,e)}get audio(){return k(this,A.AUDIO)}set audio(e){w(this,A.AUDIO,e)}get gesturesDisabled(){return k(this,A.GESTURES_DISABLED)}set gesturesDisabled(e){w(this,A.GESTURES_DISABLED,e)}get keyboardControl(){return k(this,A.KEYBOARD_CONTROL)}set keyboardControl(e){w(this,A.KEYBOARD_CONTROL,e)}get noAutohide(){return k(this,A.NO_AUTOHIDE)}set noAutohide(e){w(this,A.NO_AUTOHIDE,e)}get autohideOverControls(){return k(this,A.AUTOHIDE_OVER_CONTROLS)}set autohideOverControls(e){w(this,A.AUTOHIDE_OVER_CONTROLS,e)}get userInteractive(){return k(this,A.USER_INACTIVE)}set userInteractive(e){w(this,A.USER_INACTIVE,e)}};os=new WeakMap;Er=new WeakMap;ri=new WeakMap;oi=new WeakMap;ni=new WeakMap;vn=new WeakMap;ai=new WeakMap;vr=new WeakMap;gn=new WeakSet;yd=function(i){if(i.pointerType!=="mouse"&&i.timeStamp-K(this,Er)<250)return;Me(this,br,bn).call(this),clearTimeout(K(this,oi));let e=this.hasAttribute(A.AUTOHIDE_OVER_CONTROLS);([this,this.media].includes(i.target)||e)&&Me(this,li,ds).call(this)};En=new WeakSet;Ad=function(i){if(i.pointerType==="touch"){let e=!this.hasAttribute(A.USER_INACTIVE);[this,this.media].includes(i.target)&&e?Me(this,ls,_r).call(this):Me(this,li,ds).call(this)}else i.composedPath().some(e=>["media-play-button","media-fullscreen-button"].includes(e?.localName))&&Me(this,li,ds).call(this)};ls=new WeakSet;_r=function(){if(K(this,ni)<0||this.hasAttribute(A.USER_INACTIVE))return;this.setAttribute(A.USER_INACTIVE,"");let i=new c.CustomEvent(Rt.USER_INACTIVE_CHANGE,{composed:!0,bubbles:!0,detail:!0});this.dispatchEvent(i)};br=new WeakSet;bn=function(){if(!this.hasAttribute(A.USER_INACTIVE))return;this.removeAttribute(A.USER_INACTIVE);let i=new c.CustomEvent(Rt.USER_INACTIVE_CHANGE,{composed:!0,bubbles:!0,detail:!1});this.dispatchEvent(i)};li=new WeakSet;ds=function(){Me(this,br,bn).call(this),clearTimeout(K(this,oi));let i=parseInt(this.autohide);i<0||Ie(this,oi,setTimeout(()=>{Me(this,ls,_r).call(this)},i*1e3))};lt=new WeakMap;gr=new WeakMap;xt.shadowRootOptions={mode:"open"};xt.getTemplateHTML=Fu;c.customElements.get("media-container")||c.customElements.define("media-container",xt);var In=(i,e,t)=>{if(!e.has(i))throw TypeError("Cannot "+t)},Ut=(i,e,t)=>(In(i,e,"read from private field"),t?t.call(i):e.get(i)),et=(i,e,t)=>{if(e.has(i))throw TypeError("Cannot add the same private member more than once");e instanceof WeakSet?e.add(i):e.set(i,t)},Mn=(i,e,t,s)=>(In(i,e,"write to private field"),s?s.call(i,t):e.set(i,t),t),Dt=(i,e,t)=>(In(i,e,"access private method"),t),Ar,us,Ot,yr,yn,An,Sd,Tn,kd,Sn,wd,kn,Id,wn,Md;function Yu(i){return`
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
  `}function Qu(i){return`
    <slot id="content"></slot>
  `}var cs={OPEN:"open",ANCHOR:"anchor"},dt=class extends c.HTMLElement{constructor(){super(),et(this,yr),et(this,An),et(this,Tn),et(this,Sn),et(this,kn),et(this,wn),et(this,Ar,!1),et(this,us,null),et(this,Ot,null)}static get observedAttributes(){return[cs.OPEN,cs.ANCHOR]}get open(){return k(this,cs.OPEN)}set open(e){w(this,cs.OPEN,e)}handleEvent(e){switch(e.type){case"invoke":Dt(this,Sn,wd).call(this,e);break;case"focusout":Dt(this,kn,Id).call(this,e);break;case"keydown":Dt(this,wn,Md).call(this,e);break}}connectedCallback(){Dt(this,yr,yn).call(this),this.role||(this.role="dialog"),this.addEventListener("invoke",this),this.addEventListener("focusout",this),this.addEventListener("keydown",this)}disconnectedCallback(){this.removeEventListener("invoke",this),this.removeEventListener("focusout",this),this.removeEventListener("keydown",this)}attributeChangedCallback(e,t,s){Dt(this,yr,yn).call(this),e===cs.OPEN&&s!==t&&(this.open?Dt(this,An,Sd).call(this):Dt(this,Tn,kd).call(this))}focus(){Mn(this,us,rs());let e=!this.dispatchEvent(new Event("focus",{composed:!0,cancelable:!0})),t=!this.dispatchEvent(new Event("focusin",{composed:!0,bubbles:!0,cancelable:!0}));if(e||t)return;let s=this.querySelector('[autofocus], [tabindex]:not([tabindex="-1"]), [role="menu"]');s?.focus()}get keysUsed(){return["Escape","Tab"]}};Ar=new WeakMap;us=new WeakMap;Ot=new WeakMap;yr=new WeakSet;yn=function(){if(!Ut(this,Ar)&&(Mn(this,Ar,!0),!this.shadowRoot)){this.attachShadow(this.constructor.shadowRootOptions);let i=N(this.attributes);this.shadowRoot.innerHTML=this.constructor.getTemplateHTML(i),queueMicrotask(()=>{let{style:e}=$(this.shadowRoot,":host");e.setProperty("transition","display .15s, visibility .15s, opacity .15s ease-in, transform .15s ease-in")})}};An=new WeakSet;Sd=function(){var i;(i=Ut(this,Ot))==null||i.setAttribute("aria-expanded","true"),this.dispatchEvent(new Event("open",{composed:!0,bubbles:!0})),this.addEventListener("transitionend",()=>this.focus(),{once:!0})};Tn=new WeakSet;kd=function(){var i;(i=Ut(this,Ot))==null||i.setAttribute("aria-expanded","false"),this.dispatchEvent(new Event("close",{composed:!0,bubbles:!0}))};Sn=new WeakSet;wd=function(i){Mn(this,Ot,i.relatedTarget),ae(this,i.relatedTarget)||(this.open=!this.open)};kn=new WeakSet;Id=function(i){var e;ae(this,i.relatedTarget)||((e=Ut(this,us))==null||e.focus(),Ut(this,Ot)&&Ut(this,Ot)!==i.relatedTarget&&this.open&&(this.open=!1))};wn=new WeakSet;Md=function(i){var e,t,s,r,a;let{key:n,ctrlKey:l,altKey:d,metaKey:u}=i;l||d||u||this.keysUsed.includes(n)&&(i.preventDefault(),i.stopPropagation(),n==="Tab"?(i.shiftKey?(t=(e=this.previousElementSibling)==null?void 0:e.focus)==null||t.call(e):(r=(s=this.nextElementSibling)==null?void 0:s.focus)==null||r.call(s),this.blur()):n==="Escape"&&((a=Ut(this,us))==null||a.focus(),this.open=!1))};dt.shadowRootOptions={mode:"open"};dt.getTemplateHTML=Yu;dt.getSlotTemplateHTML=Qu;c.customElements.get("media-chrome-dialog")||c.customElements.define("media-chrome-dialog",dt);var Zu=(i,e,t)=>{if(!e.has(i))throw TypeError("Cannot "+t)},ct=(i,e,t)=>(Zu(i,e,"read from private field"),t?t.call(i):e.get(i)),Ld=(i,e,t)=>{if(e.has(i))throw TypeError("Cannot add the same private member more than once");e instanceof WeakSet?e.add(i):e.set(i,t)},di,ci,hs={HOTKEYS:"hotkeys"},Xu=[{keys:[{key:" ",label:"Space"},{key:"k"}],description:"Toggle Playback"},{keys:[{key:"m"}],description:"Toggle mute"},{keys:[{key:"f"}],description:"Toggle fullscreen"},{keys:[{key:"c"}],description:"Toggle captions or subtitles, if available"},{keys:[{key:"p"}],description:"Toggle Picture in Picture"},{keys:[{key:"ArrowLeft",label:"←"},{key:"j"}],description:"Seek back 10s"},{keys:[{key:"ArrowRight",label:"→"},{key:"l"}],description:"Seek forward 10s"},{keys:[{key:"ArrowUp",label:"↑"}],description:"Turn volume up"},{keys:[{key:"ArrowDown",label:"↓"}],description:"Turn volume down"},{keys:[{key:"<",label:"< (SHIFT+,)"}],description:"Decrease playback rate"},{keys:[{key:">",label:"> (SHIFT+.)"}],description:"Increase playback rate"},{keys:[{key:"shift+/",label:"SHIFT+/"}],description:"Show keyboard shortcuts"}];function Sr(i){return i===" "?"nospace":`no${i.toLowerCase()}`}function Ju(i){let e=new Set(i?.split(/\s+/));return Xu.map(({keys:t,description:s})=>({keys:t.filter(({key:r})=>!e.has(Sr(r))),description:s})).filter(({keys:t})=>t.length)}function ju(i){return`
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
      ${Rd(i[hs.HOTKEYS])}
    </slot>
  `}function Rd(i){return`
    <h2>Keyboard Shortcuts</h2>
    <table class="shortcuts-table">${Ju(i).map(({keys:t,description:s})=>`
        <tr>
          <td>
            <div class="key-combo">${t.map(({key:a,label:n=a},l)=>l>0?`<span class="key-separator">or</span><span class="key">${n}</span>`:`<span class="key">${n}</span>`).join("")}</div>
          </td>
          <td class="description">${s}</td>
        </tr>
      `).join("")}</table>
  `}var Tr=class extends dt{constructor(){super(...arguments),Ld(this,di,e=>{var t;if(!this.open)return;let s=(t=this.shadowRoot)==null?void 0:t.querySelector("#content");if(!s)return;let r=e.composedPath(),a=r[0]===this||r.includes(this),n=r.includes(s);a&&!n&&(this.open=!1)}),Ld(this,ci,e=>{if(!this.open)return;let t=e.shiftKey&&(e.key==="/"||e.key==="?");(e.key==="Escape"||t)&&!e.ctrlKey&&!e.altKey&&!e.metaKey&&(this.open=!1,e.preventDefault(),e.stopPropagation())})}static get observedAttributes(){return[...super.observedAttributes,hs.HOTKEYS]}get hotkeys(){var e;return(e=C(this,hs.HOTKEYS))!=null?e:void 0}set hotkeys(e){R(this,hs.HOTKEYS,e)}connectedCallback(){super.connectedCallback(),this.open&&(this.addEventListener("click",ct(this,di)),document.addEventListener("keydown",ct(this,ci)))}disconnectedCallback(){this.removeEventListener("click",ct(this,di)),document.removeEventListener("keydown",ct(this,ci))}attributeChangedCallback(e,t,s){var r;if(super.attributeChangedCallback(e,t,s),e==="open")this.open?(this.addEventListener("click",ct(this,di)),document.addEventListener("keydown",ct(this,ci))):(this.removeEventListener("click",ct(this,di)),document.removeEventListener("keydown",ct(this,ci)));else if(e===hs.HOTKEYS&&s!==t){let a=(r=this.shadowRoot)==null?void 0:r.querySelector("#content");a&&(a.innerHTML=Rd(s))}}};di=new WeakMap;ci=new WeakMap;Tr.getSlotTemplateHTML=ju;c.customElements.get("media-keyboard-shortcuts-dialog")||c.customElements.define("media-keyboard-shortcuts-dialog",Tr);var Cd=(i,e,t)=>{if(!e.has(i))throw TypeError("Cannot "+t)},j=(i,e,t)=>(Cd(i,e,"read from private field"),t?t.call(i):e.get(i)),ms=(i,e,t)=>{if(e.has(i))throw TypeError("Cannot add the same private member more than once");e instanceof WeakSet?e.add(i):e.set(i,t)},kr=(i,e,t,s)=>(Cd(i,e,"write to private field"),s?s.call(i,t):e.set(i,t),t),ui,hi,wr,Pt,tt,ut,mi=class{constructor(e,t,{defaultValue:s}={defaultValue:void 0}){ms(this,tt),ms(this,ui,void 0),ms(this,hi,void 0),ms(this,wr,void 0),ms(this,Pt,new Set),kr(this,ui,e),kr(this,hi,t),kr(this,wr,new Set(s))}[Symbol.iterator](){return j(this,tt,ut).values()}get length(){return j(this,tt,ut).size}get value(){var e;return(e=[...j(this,tt,ut)].join(" "))!=null?e:""}set value(e){var t;e!==this.value&&(kr(this,Pt,new Set),this.add(...(t=e?.split(" "))!=null?t:[]))}toString(){return this.value}item(e){return[...j(this,tt,ut)][e]}values(){return j(this,tt,ut).values()}forEach(e,t){j(this,tt,ut).forEach(e,t)}add(...e){var t,s;e.forEach(r=>j(this,Pt).add(r)),!(this.value===""&&!((t=j(this,ui))!=null&&t.hasAttribute(`${j(this,hi)}`)))&&((s=j(this,ui))==null||s.setAttribute(`${j(this,hi)}`,`${this.value}`))}remove(...e){var t;e.forEach(s=>j(this,Pt).delete(s)),(t=j(this,ui))==null||t.setAttribute(`${j(this,hi)}`,`${this.value}`)}contains(e){return j(this,tt,ut).has(e)}toggle(e,t){return typeof t<"u"?t?(this.add(e),!0):(this.remove(e),!1):this.contains(e)?(this.remove(e),!1):(this.add(e),!0)}replace(e,t){return this.remove(e),this.add(t),e===t}};ui=new WeakMap;hi=new WeakMap;wr=new WeakMap;Pt=new WeakMap;tt=new WeakSet;ut=function(){return j(this,Pt).size?j(this,Pt):j(this,wr)};function xd(i){return i?.map(eh).join(" ")}function eh(i){if(i){let{id:e,width:t,height:s}=i;return[e,t,s].filter(r=>r!=null).join(":")}}function Dd(i){return i?.map(th).join(" ")}function Ud(i){return i?.split(/\s+/).map(ih)}function th(i){if(i){let{id:e,kind:t,language:s,label:r}=i;return[e,t,s,r].filter(a=>a!=null).join(":")}}function ih(i){if(i){let[e,t,s,r]=i.split(":");return{id:e,kind:t,language:s,label:r}}}function pi(i){return typeof i=="number"&&!Number.isNaN(i)&&Number.isFinite(i)}var Ir=i=>new Promise(e=>setTimeout(e,i));var sh=(i="")=>i.split(/\s+/),Od=(i="")=>{let[e,t,s]=i.split(":"),r=s?decodeURIComponent(s):void 0;return{kind:e==="cc"?de.CAPTIONS:de.SUBTITLES,language:t,label:r}},ps=(i="",e={})=>sh(i).map(t=>{let s=Od(t);return{...e,...s}}),Ln=i=>i?Array.isArray(i)?i.map(e=>typeof e=="string"?Od(e):e):typeof i=="string"?ps(i):[i]:[],Mr=({kind:i,label:e,language:t}={kind:"subtitles"})=>e?`${i==="captions"?"cc":"sb"}:${t}:${encodeURIComponent(e)}`:t,$t=(i=[])=>Array.prototype.map.call(i,Mr).join(" "),rh=(i,e)=>t=>t[i]===e,Pd=i=>{let e=Object.entries(i).map(([t,s])=>rh(t,s));return t=>e.every(s=>s(t))},Nt=(i,e=[],t=[])=>{let s=Ln(t).map(Pd),r=a=>s.some(n=>n(a));Array.from(e).filter(r).forEach(a=>{a.mode=i})},Ht=(i,e=()=>!0)=>{if(!i?.textTracks)return[];let t=typeof e=="function"?e:Pd(e);return Array.from(i.textTracks).filter(t)},$d=i=>{var e;return!!((e=i.mediaSubtitlesShowing)!=null&&e.length)||i.hasAttribute(o.MEDIA_SUBTITLES_SHOWING)};var Hd=i=>{var e;let{media:t,fullscreenElement:s}=i;try{let r=s&&"requestFullscreen"in s?"requestFullscreen":s&&"webkitRequestFullScreen"in s?"webkitRequestFullScreen":void 0;if(r){let a=(e=s[r])==null?void 0:e.call(s);if(a instanceof Promise)return a.catch(()=>{})}else t?.webkitEnterFullscreen?t.webkitEnterFullscreen():t?.requestFullscreen&&t.requestFullscreen()}catch(r){console.error(r)}},Nd="exitFullscreen"in H?"exitFullscreen":"webkitExitFullscreen"in H?"webkitExitFullscreen":"webkitCancelFullScreen"in H?"webkitCancelFullScreen":void 0,Bd=i=>{var e;let{documentElement:t}=i;if(Nd){let s=(e=t?.[Nd])==null?void 0:e.call(t);if(s instanceof Promise)return s.catch(()=>{})}},fs="fullscreenElement"in H?"fullscreenElement":"webkitFullscreenElement"in H?"webkitFullscreenElement":void 0,ah=i=>{let{documentElement:e,media:t}=i,s=e?.[fs];return!s&&"webkitDisplayingFullscreen"in t&&"webkitPresentationMode"in t&&t.webkitDisplayingFullscreen&&t.webkitPresentationMode===hd.FULLSCREEN?t:s},Wd=i=>{var e;let{media:t,documentElement:s,fullscreenElement:r=t}=i;if(!t||!s)return!1;let a=ah(i);if(!a)return!1;if(a===r||a===t)return!0;if(a.localName.includes("-")){let n=a.shadowRoot;if(!(fs in n))return ae(a,r);for(;n?.[fs];){if(n[fs]===r)return!0;n=(e=n[fs])==null?void 0:e.shadowRoot}}return!1},nh="fullscreenEnabled"in H?"fullscreenEnabled":"webkitFullscreenEnabled"in H?"webkitFullscreenEnabled":void 0,Fd=i=>{let{documentElement:e,media:t}=i;return!!e?.[nh]||t&&"webkitSupportsFullscreen"in t};var Lr,Rn=()=>{var i,e;return Lr||(Lr=(e=(i=H)==null?void 0:i.createElement)==null?void 0:e.call(i,"video"),Lr)},Vd=async(i=Rn())=>{if(!i)return!1;let e=i.volume;i.volume=e/2+.1;let t=new AbortController,s=await Promise.race([oh(i,t.signal),lh(i,e)]);return t.abort(),s},oh=(i,e)=>new Promise(t=>{i.addEventListener("volumechange",()=>t(!0),{signal:e})}),lh=async(i,e)=>{for(let t=0;t<10;t++){if(i.volume===e)return!1;await Ir(10)}return i.volume!==e},dh=/.*Version\/.*Safari\/.*/.test(c.navigator.userAgent),Cn=(i=Rn())=>c.matchMedia("(display-mode: standalone)").matches&&dh?!1:typeof i?.requestPictureInPicture=="function",xn=(i=Rn())=>Fd({documentElement:H,media:i}),qd=xn(),Kd=Cn(),Gd=!!c.WebKitPlaybackTargetAvailabilityEvent,zd=!!c.chrome;var fi=i=>Ht(i.media,e=>[de.SUBTITLES,de.CAPTIONS].includes(e.kind)).sort((e,t)=>e.kind>=t.kind?1:-1),Dn=i=>Ht(i.media,e=>e.mode===ot.SHOWING&&[de.SUBTITLES,de.CAPTIONS].includes(e.kind)),Rr=(i,e)=>{let t=fi(i),s=Dn(i),r=!!s.length;if(t.length){if(e===!1||r&&e!==!0)Nt(ot.DISABLED,t,s);else if(e===!0||!r&&e!==!1){let a=t[0],{options:n}=i;if(!n?.noSubtitlesLangPref){let g=c.localStorage.getItem("media-chrome-pref-subtitles-lang"),h=g?[g,...c.navigator.languages]:c.navigator.languages,p=t.filter(f=>h.some(b=>f.language.toLowerCase().startsWith(b.split("-")[0]))).sort((f,b)=>{let _=h.findIndex(M=>f.language.toLowerCase().startsWith(M.split("-")[0])),L=h.findIndex(M=>b.language.toLowerCase().startsWith(M.split("-")[0]));return _-L});p[0]&&(a=p[0])}let{language:l,label:d,kind:u}=a;Nt(ot.DISABLED,t,s),Nt(ot.SHOWING,t,[{language:l,label:d,kind:u}])}}},Cr=(i,e)=>i===e?!0:i==null||e==null||typeof i!=typeof e?!1:typeof i=="number"&&Number.isNaN(i)&&Number.isNaN(e)?!0:typeof i!="object"?!1:Array.isArray(i)?ch(i,e):Object.entries(i).every(([t,s])=>t in e&&Cr(s,e[t])),ch=(i,e)=>{let t=Array.isArray(i),s=Array.isArray(e);return t!==s?!1:t||s?i.length!==e.length?!1:i.every((r,a)=>Cr(r,e[a])):!0};var uh=Object.values(me),xr,hh=Vd().then(i=>(xr=i,xr)),Yd=async(...i)=>{await Promise.all(i.filter(e=>e).map(async e=>{if(!("localName"in e&&e instanceof c.HTMLElement))return;let t=e.localName;if(!t.includes("-"))return;let s=c.customElements.get(t);s&&e instanceof s||(await c.customElements.whenDefined(t),c.customElements.upgrade(e))}))},mh=new c.DOMParser,ph=i=>i&&(mh.parseFromString(i,"text/html").body.textContent||i),vi={mediaError:{get(i,e){let{media:t}=i;if(e?.type!=="playing")return t?.error},mediaEvents:["emptied","error","playing"]},mediaErrorCode:{get(i,e){var t;let{media:s}=i;if(e?.type!=="playing")return(t=s?.error)==null?void 0:t.code},mediaEvents:["emptied","error","playing"]},mediaErrorMessage:{get(i,e){var t,s;let{media:r}=i;if(e?.type!=="playing")return(s=(t=r?.error)==null?void 0:t.message)!=null?s:""},mediaEvents:["emptied","error","playing"]},mediaWidth:{get(i){var e;let{media:t}=i;return(e=t?.videoWidth)!=null?e:0},mediaEvents:["resize"]},mediaHeight:{get(i){var e;let{media:t}=i;return(e=t?.videoHeight)!=null?e:0},mediaEvents:["resize"]},mediaPaused:{get(i){var e;let{media:t}=i;return(e=t?.paused)!=null?e:!0},set(i,e){var t;let{media:s}=e;s&&(i?s.pause():(t=s.play())==null||t.catch(()=>{}))},mediaEvents:["play","playing","pause","emptied"]},mediaHasPlayed:{get(i,e){let{media:t}=i;return t?e?e.type==="playing":!t.paused:!1},mediaEvents:["playing","emptied"]},mediaEnded:{get(i){var e;let{media:t}=i;return(e=t?.ended)!=null?e:!1},mediaEvents:["seeked","ended","emptied"]},mediaPlaybackRate:{get(i){var e;let{media:t}=i;return(e=t?.playbackRate)!=null?e:1},set(i,e){let{media:t}=e;t&&Number.isFinite(+i)&&(t.playbackRate=+i)},mediaEvents:["ratechange","loadstart"]},mediaMuted:{get(i){var e;let{media:t}=i;return(e=t?.muted)!=null?e:!1},set(i,e){let{media:t,options:{noMutedPref:s}={}}=e;if(t){t.muted=i;try{let r=c.localStorage.getItem("media-chrome-pref-muted")!==null,a=t.hasAttribute("muted");if(s){r&&c.localStorage.removeItem("media-chrome-pref-muted");return}if(a&&!r)return;c.localStorage.setItem("media-chrome-pref-muted",i?"true":"false")}catch(r){console.debug("Error setting muted pref",r)}}},mediaEvents:["volumechange"],stateOwnersUpdateHandlers:[(i,e)=>{let{options:{noMutedPref:t}}=e,{media:s}=e;if(!(!s||s.muted||t))try{let r=c.localStorage.getItem("media-chrome-pref-muted")==="true";vi.mediaMuted.set(r,e),i(r)}catch(r){console.debug("Error getting muted pref",r)}}]},mediaLoop:{get(i){let{media:e}=i;return e?.loop},set(i,e){let{media:t}=e;t&&(t.loop=i)},mediaEvents:["medialooprequest"]},mediaVolume:{get(i){var e;let{media:t}=i;return(e=t?.volume)!=null?e:1},set(i,e){let{media:t,options:{noVolumePref:s}={}}=e;if(t){try{i==null?c.localStorage.removeItem("media-chrome-pref-volume"):!t.hasAttribute("muted")&&!s&&c.localStorage.setItem("media-chrome-pref-volume",i.toString())}catch(r){console.debug("Error setting volume pref",r)}Number.isFinite(+i)&&(t.volume=+i)}},mediaEvents:["volumechange"],stateOwnersUpdateHandlers:[(i,e)=>{let{options:{noVolumePref:t}}=e;if(!t)try{let{media:s}=e;if(!s)return;let r=c.localStorage.getItem("media-chrome-pref-volume");if(r==null)return;vi.mediaVolume.set(+r,e),i(+r)}catch(s){console.debug("Error getting volume pref",s)}}]},mediaVolumeLevel:{get(i){let{media:e}=i;return typeof e?.volume>"u"?"high":e.muted||e.volume===0?"off":e.volume<.5?"low":e.volume<.75?"medium":"high"},mediaEvents:["volumechange"]},mediaCurrentTime:{get(i){var e;let{media:t}=i;return(e=t?.currentTime)!=null?e:0},set(i,e){let{media:t}=e;!t||!pi(i)||(t.currentTime=i)},mediaEvents:["timeupdate","loadedmetadata","seeking"]},mediaDuration:{get(i){let{media:e,options:{defaultDuration:t}={}}=i;return t&&(!e||!e.duration||Number.isNaN(e.duration)||!Number.isFinite(e.duration))?t:Number.isFinite(e?.duration)?e.duration:Number.NaN},mediaEvents:["durationchange","loadedmetadata","emptied"]},mediaLoading:{get(i){let{media:e}=i;return e?.readyState<3},mediaEvents:["waiting","playing","emptied"]},mediaSeekable:{get(i){var e;let{media:t}=i;if(!((e=t?.seekable)!=null&&e.length))return;let s=t.seekable.start(0),r=t.seekable.end(t.seekable.length-1);if(!(!s&&!r))return[Number(s.toFixed(3)),Number(r.toFixed(3))]},mediaEvents:["loadedmetadata","emptied","progress","seekablechange"]},mediaBuffered:{get(i){var e;let{media:t}=i,s=(e=t?.buffered)!=null?e:[];return Array.from(s).map((r,a)=>[Number(s.start(a).toFixed(3)),Number(s.end(a).toFixed(3))])},mediaEvents:["progress","emptied"]},mediaStreamType:{get(i){let{media:e,options:{defaultStreamType:t}={}}=i,s=[me.LIVE,me.ON_DEMAND].includes(t)?t:void 0;if(!e)return s;let{streamType:r}=e;if(uh.includes(r))return r===me.UNKNOWN?s:r;let a=e.duration;return a===1/0?me.LIVE:Number.isFinite(a)?me.ON_DEMAND:s},mediaEvents:["emptied","durationchange","loadedmetadata","streamtypechange"]},mediaTargetLiveWindow:{get(i){let{media:e}=i;if(!e)return Number.NaN;let{targetLiveWindow:t}=e,s=vi.mediaStreamType.get(i);return(t==null||Number.isNaN(t))&&s===me.LIVE?0:t},mediaEvents:["emptied","durationchange","loadedmetadata","streamtypechange","targetlivewindowchange"]},mediaTimeIsLive:{get(i){let{media:e,options:{liveEdgeOffset:t=10}={}}=i;if(!e)return!1;if(typeof e.liveEdgeStart=="number")return Number.isNaN(e.liveEdgeStart)?!1:e.currentTime>=e.liveEdgeStart;if(!(vi.mediaStreamType.get(i)===me.LIVE))return!1;let r=e.seekable;if(!r)return!0;if(!r.length)return!1;let a=r.end(r.length-1)-t;return e.currentTime>=a},mediaEvents:["playing","timeupdate","progress","waiting","emptied"]},mediaSubtitlesList:{get(i){return fi(i).map(({kind:e,label:t,language:s})=>({kind:e,label:t,language:s}))},mediaEvents:["loadstart"],textTracksEvents:["addtrack","removetrack"]},mediaSubtitlesShowing:{get(i){return Dn(i).map(({kind:e,label:t,language:s})=>({kind:e,label:t,language:s}))},mediaEvents:["loadstart"],textTracksEvents:["addtrack","removetrack","change"],stateOwnersUpdateHandlers:[(i,e)=>{var t,s;let{media:r,options:a}=e;if(!r)return;let n=l=>{var d;!a.defaultSubtitles||l&&![de.CAPTIONS,de.SUBTITLES].includes((d=l?.track)==null?void 0:d.kind)||Rr(e,!0)};return r.addEventListener("loadstart",n),(t=r.textTracks)==null||t.addEventListener("addtrack",n),(s=r.textTracks)==null||s.addEventListener("removetrack",n),()=>{var l,d;r.removeEventListener("loadstart",n),(l=r.textTracks)==null||l.removeEventListener("addtrack",n),(d=r.textTracks)==null||d.removeEventListener("removetrack",n)}}]},mediaChaptersCues:{get(i){var e;let{media:t}=i;if(!t)return[];let[s]=Ht(t,{kind:de.CHAPTERS});return Array.from((e=s?.cues)!=null?e:[]).map(({text:r,startTime:a,endTime:n})=>({text:ph(r),startTime:a,endTime:n}))},mediaEvents:["loadstart","loadedmetadata"],textTracksEvents:["addtrack","removetrack","change"],stateOwnersUpdateHandlers:[(i,e)=>{var t;let{media:s}=e;if(!s)return;let r=s.querySelector('track[kind="chapters"][default][src]'),a=(t=s.shadowRoot)==null?void 0:t.querySelector(':is(video,audio) > track[kind="chapters"][default][src]');return r?.addEventListener("load",i),a?.addEventListener("load",i),()=>{r?.removeEventListener("load",i),a?.removeEventListener("load",i)}}]},mediaIsPip:{get(i){var e,t;let{media:s,documentElement:r}=i;if(!s||!r||!r.pictureInPictureElement)return!1;if(r.pictureInPictureElement===s)return!0;if(r.pictureInPictureElement instanceof HTMLMediaElement)return(e=s.localName)!=null&&e.includes("-")?ae(s,r.pictureInPictureElement):!1;if(r.pictureInPictureElement.localName.includes("-")){let a=r.pictureInPictureElement.shadowRoot;for(;a?.pictureInPictureElement;){if(a.pictureInPictureElement===s)return!0;a=(t=a.pictureInPictureElement)==null?void 0:t.shadowRoot}}return!1},set(i,e){let{media:t}=e;if(t)if(i){if(!H.pictureInPictureEnabled){console.warn("MediaChrome: Picture-in-picture is not enabled");return}if(!t.requestPictureInPicture){console.warn("MediaChrome: The current media does not support picture-in-picture");return}let s=()=>{console.warn("MediaChrome: The media is not ready for picture-in-picture. It must have a readyState > 0.")};t.requestPictureInPicture().catch(r=>{if(r.code===11){if(!t.src){console.warn("MediaChrome: The media is not ready for picture-in-picture. It must have a src set.");return}if(t.readyState===0&&t.preload==="none"){let a=()=>{t.removeEventListener("loadedmetadata",n),t.preload="none"},n=()=>{t.requestPictureInPicture().catch(s),a()};t.addEventListener("loadedmetadata",n),t.preload="metadata",setTimeout(()=>{t.readyState===0&&s(),a()},1e3)}else throw r}else throw r})}else H.pictureInPictureElement&&H.exitPictureInPicture()},mediaEvents:["enterpictureinpicture","leavepictureinpicture"]},mediaRenditionList:{get(i){var e;let{media:t}=i;return[...(e=t?.videoRenditions)!=null?e:[]].map(s=>({...s}))},mediaEvents:["emptied","loadstart"],videoRenditionsEvents:["addrendition","removerendition"]},mediaRenditionSelected:{get(i){var e,t,s;let{media:r}=i;return(s=(t=r?.videoRenditions)==null?void 0:t[(e=r.videoRenditions)==null?void 0:e.selectedIndex])==null?void 0:s.id},set(i,e){let{media:t}=e;if(!t?.videoRenditions){console.warn("MediaController: Rendition selection not supported by this media.");return}let s=i,r=Array.prototype.findIndex.call(t.videoRenditions,a=>a.id==s);t.videoRenditions.selectedIndex!=r&&(t.videoRenditions.selectedIndex=r)},mediaEvents:["emptied"],videoRenditionsEvents:["addrendition","removerendition","change"]},mediaAudioTrackList:{get(i){var e;let{media:t}=i;return[...(e=t?.audioTracks)!=null?e:[]]},mediaEvents:["emptied","loadstart"],audioTracksEvents:["addtrack","removetrack"]},mediaAudioTrackEnabled:{get(i){var e,t;let{media:s}=i;return(t=[...(e=s?.audioTracks)!=null?e:[]].find(r=>r.enabled))==null?void 0:t.id},set(i,e){let{media:t}=e;if(!t?.audioTracks){console.warn("MediaChrome: Audio track selection not supported by this media.");return}let s=i;for(let r of t.audioTracks)r.enabled=s==r.id},mediaEvents:["emptied"],audioTracksEvents:["addtrack","removetrack","change"]},mediaIsFullscreen:{get(i){return Wd(i)},set(i,e,t){var s,r;i?(Hd(e),t.detail&&!((s=e.media)!=null&&s.inert)&&((r=e.media)==null||r.focus())):Bd(e)},rootEvents:["fullscreenchange","webkitfullscreenchange"],mediaEvents:["webkitbeginfullscreen","webkitendfullscreen","webkitpresentationmodechanged"]},mediaIsCasting:{get(i){var e;let{media:t}=i;return!t?.remote||((e=t.remote)==null?void 0:e.state)==="disconnected"?!1:t.remote.state==="connected"},set(i,e){var t,s;let{media:r}=e;if(r&&!(i&&((t=r.remote)==null?void 0:t.state)!=="disconnected")&&!(!i&&((s=r.remote)==null?void 0:s.state)!=="connected")){if(typeof r.remote.prompt!="function"){console.warn("MediaChrome: Casting is not supported in this environment");return}r.remote.prompt().catch(()=>{})}},remoteEvents:["connect","connecting","disconnect"]},mediaIsAirplaying:{get(){return!1},set(i,e){let{media:t}=e;if(t){if(!(t.webkitShowPlaybackTargetPicker&&c.WebKitPlaybackTargetAvailabilityEvent)){console.error("MediaChrome: received a request to select AirPlay but AirPlay is not supported in this environment");return}t.webkitShowPlaybackTargetPicker()}},mediaEvents:["webkitcurrentplaybacktargetiswirelesschanged"]},mediaFullscreenUnavailable:{get(i){let{media:e}=i;if(!qd||!xn(e))return ce.UNSUPPORTED}},mediaPipUnavailable:{get(i){let{media:e}=i;if(!Kd||!Cn(e))return ce.UNSUPPORTED;if(e?.disablePictureInPicture)return ce.UNAVAILABLE}},mediaVolumeUnavailable:{get(i){let{media:e}=i;if(xr===!1||e?.volume==null)return ce.UNSUPPORTED},stateOwnersUpdateHandlers:[i=>{xr==null&&hh.then(e=>i(e?void 0:ce.UNSUPPORTED))}]},mediaCastUnavailable:{get(i,{availability:e="not-available"}={}){var t;let{media:s}=i;if(!zd||!((t=s?.remote)!=null&&t.state))return ce.UNSUPPORTED;if(!(e==null||e==="available"))return ce.UNAVAILABLE},stateOwnersUpdateHandlers:[(i,e)=>{var t;let{media:s}=e;return s?(s.disableRemotePlayback||s.hasAttribute("disableremoteplayback")||(t=s?.remote)==null||t.watchAvailability(a=>{i({availability:a?"available":"not-available"})}).catch(a=>{a.name==="NotSupportedError"?i({availability:null}):i({availability:"not-available"})}),()=>{var a;(a=s?.remote)==null||a.cancelWatchAvailability().catch(()=>{})}):void 0}]},mediaAirplayUnavailable:{get(i,e){if(!Gd)return ce.UNSUPPORTED;if(e?.availability==="not-available")return ce.UNAVAILABLE},mediaEvents:["webkitplaybacktargetavailabilitychanged"],stateOwnersUpdateHandlers:[(i,e)=>{var t;let{media:s}=e;return s?(s.disableRemotePlayback||s.hasAttribute("disableremoteplayback")||(t=s?.remote)==null||t.watchAvailability(a=>{i({availability:a?"available":"not-available"})}).catch(a=>{a.name==="NotSupportedError"?i({availability:null}):i({availability:"not-available"})}),()=>{var a;(a=s?.remote)==null||a.cancelWatchAvailability().catch(()=>{})}):void 0}]},mediaRenditionUnavailable:{get(i){var e;let{media:t}=i;if(!t?.videoRenditions)return ce.UNSUPPORTED;if(!((e=t.videoRenditions)!=null&&e.length))return ce.UNAVAILABLE},mediaEvents:["emptied","loadstart"],videoRenditionsEvents:["addrendition","removerendition"]},mediaAudioTrackUnavailable:{get(i){var e,t;let{media:s}=i;if(!s?.audioTracks)return ce.UNSUPPORTED;if(((t=(e=s.audioTracks)==null?void 0:e.length)!=null?t:0)<=1)return ce.UNAVAILABLE},mediaEvents:["emptied","loadstart"],audioTracksEvents:["addtrack","removetrack"]},mediaLang:{get(i){let{options:{mediaLang:e}={}}=i;return e??"en"}}};var Qd={[v.MEDIA_PREVIEW_REQUEST](i,e,{detail:t}){var s,r,a;let{media:n}=e,l=t??void 0,d,u;if(n&&l!=null){let[f]=Ht(n,{kind:de.METADATA,label:"thumbnails"}),b=Array.prototype.find.call((s=f?.cues)!=null?s:[],(_,L,M)=>L===0?_.endTime>l:L===M.length-1?_.startTime<=l:_.startTime<=l&&_.endTime>l);if(b){let _=/'^(?:[a-z]+:)?\/\//i.test(b.text)||(r=n?.querySelector('track[label="thumbnails"]'))==null?void 0:r.src,L=new URL(b.text,_);u=new URLSearchParams(L.hash).get("#xywh").split(",").map(se=>+se),d=L.href}}let g=i.mediaDuration.get(e),p=(a=i.mediaChaptersCues.get(e).find((f,b,_)=>b===_.length-1&&g===f.endTime?f.startTime<=l&&f.endTime>=l:f.startTime<=l&&f.endTime>l))==null?void 0:a.text;return t!=null&&p==null&&(p=""),{mediaPreviewTime:l,mediaPreviewImage:d,mediaPreviewCoords:u,mediaPreviewChapter:p}},[v.MEDIA_PAUSE_REQUEST](i,e){i["mediaPaused"].set(!0,e)},[v.MEDIA_PLAY_REQUEST](i,e){var t,s,r,a;let n="mediaPaused",d=i.mediaStreamType.get(e)===me.LIVE,u=!((t=e.options)!=null&&t.noAutoSeekToLive),g=i.mediaTargetLiveWindow.get(e)>0;if(d&&u&&!g){let h=(s=i.mediaSeekable.get(e))==null?void 0:s[1];if(h){let p=(a=(r=e.options)==null?void 0:r.seekToLiveOffset)!=null?a:0,f=h-p;i.mediaCurrentTime.set(f,e)}}i[n].set(!1,e)},[v.MEDIA_PLAYBACK_RATE_REQUEST](i,e,{detail:t}){let s="mediaPlaybackRate",r=t;i[s].set(r,e)},[v.MEDIA_MUTE_REQUEST](i,e){i["mediaMuted"].set(!0,e)},[v.MEDIA_UNMUTE_REQUEST](i,e){let t="mediaMuted";i.mediaVolume.get(e)||i.mediaVolume.set(.25,e),i[t].set(!1,e)},[v.MEDIA_LOOP_REQUEST](i,e,{detail:t}){let s="mediaLoop",r=!!t;return i[s].set(r,e),{mediaLoop:r}},[v.MEDIA_VOLUME_REQUEST](i,e,{detail:t}){let s="mediaVolume",r=t;r&&i.mediaMuted.get(e)&&i.mediaMuted.set(!1,e),i[s].set(r,e)},[v.MEDIA_SEEK_REQUEST](i,e,{detail:t}){let s="mediaCurrentTime",r=t;i[s].set(r,e)},[v.MEDIA_SEEK_TO_LIVE_REQUEST](i,e){var t,s,r;let a="mediaCurrentTime",n=(t=i.mediaSeekable.get(e))==null?void 0:t[1];if(Number.isNaN(Number(n)))return;let l=(r=(s=e.options)==null?void 0:s.seekToLiveOffset)!=null?r:0,d=n-l;i[a].set(d,e)},[v.MEDIA_SHOW_SUBTITLES_REQUEST](i,e,{detail:t}){var s;let{options:r}=e,a=fi(e),n=Ln(t),l=(s=n[0])==null?void 0:s.language;l&&!r.noSubtitlesLangPref&&c.localStorage.setItem("media-chrome-pref-subtitles-lang",l),Nt(ot.SHOWING,a,n)},[v.MEDIA_DISABLE_SUBTITLES_REQUEST](i,e,{detail:t}){let s=fi(e),r=t??[];Nt(ot.DISABLED,s,r)},[v.MEDIA_TOGGLE_SUBTITLES_REQUEST](i,e,{detail:t}){Rr(e,t)},[v.MEDIA_RENDITION_REQUEST](i,e,{detail:t}){let s="mediaRenditionSelected",r=t;i[s].set(r,e)},[v.MEDIA_AUDIO_TRACK_REQUEST](i,e,{detail:t}){let s="mediaAudioTrackEnabled",r=t;i[s].set(r,e)},[v.MEDIA_ENTER_PIP_REQUEST](i,e){let t="mediaIsPip";i.mediaIsFullscreen.get(e)&&i.mediaIsFullscreen.set(!1,e),i[t].set(!0,e)},[v.MEDIA_EXIT_PIP_REQUEST](i,e){i["mediaIsPip"].set(!1,e)},[v.MEDIA_ENTER_FULLSCREEN_REQUEST](i,e,t){let s="mediaIsFullscreen";i.mediaIsPip.get(e)&&i.mediaIsPip.set(!1,e),i[s].set(!0,e,t)},[v.MEDIA_EXIT_FULLSCREEN_REQUEST](i,e){i["mediaIsFullscreen"].set(!1,e)},[v.MEDIA_ENTER_CAST_REQUEST](i,e){let t="mediaIsCasting";i.mediaIsFullscreen.get(e)&&i.mediaIsFullscreen.set(!1,e),i[t].set(!0,e)},[v.MEDIA_EXIT_CAST_REQUEST](i,e){i["mediaIsCasting"].set(!1,e)},[v.MEDIA_AIRPLAY_REQUEST](i,e){i["mediaIsAirplaying"].set(!0,e)}};var Zd=({media:i,fullscreenElement:e,documentElement:t,stateMediator:s=vi,requestMap:r=Qd,options:a={},monitorStateOwnersOnlyWithSubscriptions:n=!0})=>{let l=[],d={options:{...a}},u=Object.freeze({mediaPreviewTime:void 0,mediaPreviewImage:void 0,mediaPreviewCoords:void 0,mediaPreviewChapter:void 0}),g=_=>{_!=null&&(Cr(_,u)||(u=Object.freeze({...u,..._}),l.forEach(L=>L(u))))},h=()=>{let _=Object.entries(s).reduce((L,[M,{get:se}])=>(L[M]=se(d),L),{});g(_)},p={},f,b=async(_,L)=>{var M,se,Fi,Vi,Zt,Qe,Ze,qi,Tt,el,tl,il,sl,rl,al,nl;let uu=!!f;if(f={...d,...f??{},..._},uu)return;await Yd(...Object.values(_));let Xt=l.length>0&&L===0&&n,ol=d.media!==f.media,ll=((M=d.media)==null?void 0:M.textTracks)!==((se=f.media)==null?void 0:se.textTracks),dl=((Fi=d.media)==null?void 0:Fi.videoRenditions)!==((Vi=f.media)==null?void 0:Vi.videoRenditions),cl=((Zt=d.media)==null?void 0:Zt.audioTracks)!==((Qe=f.media)==null?void 0:Qe.audioTracks),ul=((Ze=d.media)==null?void 0:Ze.remote)!==((qi=f.media)==null?void 0:qi.remote),hl=d.documentElement!==f.documentElement,ml=!!d.media&&(ol||Xt),pl=!!((Tt=d.media)!=null&&Tt.textTracks)&&(ll||Xt),fl=!!((el=d.media)!=null&&el.videoRenditions)&&(dl||Xt),vl=!!((tl=d.media)!=null&&tl.audioTracks)&&(cl||Xt),gl=!!((il=d.media)!=null&&il.remote)&&(ul||Xt),El=!!d.documentElement&&(hl||Xt),Ya=ml||pl||fl||vl||gl||El,Jt=l.length===0&&L===1&&n,_l=!!f.media&&(ol||Jt),bl=!!((sl=f.media)!=null&&sl.textTracks)&&(ll||Jt),yl=!!((rl=f.media)!=null&&rl.videoRenditions)&&(dl||Jt),Al=!!((al=f.media)!=null&&al.audioTracks)&&(cl||Jt),Tl=!!((nl=f.media)!=null&&nl.remote)&&(ul||Jt),Sl=!!f.documentElement&&(hl||Jt),kl=_l||bl||yl||Al||Tl||Sl;if(!(Ya||kl)){Object.entries(f).forEach(([U,Ki])=>{d[U]=Ki}),h(),f=void 0;return}Object.entries(s).forEach(([U,{get:Ki,mediaEvents:hu=[],textTracksEvents:mu=[],videoRenditionsEvents:pu=[],audioTracksEvents:fu=[],remoteEvents:vu=[],rootEvents:gu=[],stateOwnersUpdateHandlers:Eu=[]}])=>{p[U]||(p[U]={});let ue=W=>{let G=Ki(d,W);g({[U]:G})},Z;Z=p[U].mediaEvents,hu.forEach(W=>{Z&&ml&&(d.media.removeEventListener(W,Z),p[U].mediaEvents=void 0),_l&&(f.media.addEventListener(W,ue),p[U].mediaEvents=ue)}),Z=p[U].textTracksEvents,mu.forEach(W=>{var G,Se;Z&&pl&&((G=d.media.textTracks)==null||G.removeEventListener(W,Z),p[U].textTracksEvents=void 0),bl&&((Se=f.media.textTracks)==null||Se.addEventListener(W,ue),p[U].textTracksEvents=ue)}),Z=p[U].videoRenditionsEvents,pu.forEach(W=>{var G,Se;Z&&fl&&((G=d.media.videoRenditions)==null||G.removeEventListener(W,Z),p[U].videoRenditionsEvents=void 0),yl&&((Se=f.media.videoRenditions)==null||Se.addEventListener(W,ue),p[U].videoRenditionsEvents=ue)}),Z=p[U].audioTracksEvents,fu.forEach(W=>{var G,Se;Z&&vl&&((G=d.media.audioTracks)==null||G.removeEventListener(W,Z),p[U].audioTracksEvents=void 0),Al&&((Se=f.media.audioTracks)==null||Se.addEventListener(W,ue),p[U].audioTracksEvents=ue)}),Z=p[U].remoteEvents,vu.forEach(W=>{var G,Se;Z&&gl&&((G=d.media.remote)==null||G.removeEventListener(W,Z),p[U].remoteEvents=void 0),Tl&&((Se=f.media.remote)==null||Se.addEventListener(W,ue),p[U].remoteEvents=ue)}),Z=p[U].rootEvents,gu.forEach(W=>{Z&&El&&(d.documentElement.removeEventListener(W,Z),p[U].rootEvents=void 0),Sl&&(f.documentElement.addEventListener(W,ue),p[U].rootEvents=ue)});let tr=p[U].stateOwnersUpdateHandlers;if(tr&&Ya&&(Array.isArray(tr)?tr:[tr]).forEach(G=>{typeof G=="function"&&G()}),kl){let W=Eu.map(G=>G(ue,f)).filter(G=>typeof G=="function");p[U].stateOwnersUpdateHandlers=W.length===1?W[0]:W}else Ya&&(p[U].stateOwnersUpdateHandlers=void 0)}),Object.entries(f).forEach(([U,Ki])=>{d[U]=Ki}),h(),f=void 0};return b({media:i,fullscreenElement:e,documentElement:t,options:a}),{dispatch(_){let{type:L,detail:M}=_;if(r[L]&&u.mediaErrorCode==null){g(r[L](s,d,_));return}L==="mediaelementchangerequest"?b({media:M}):L==="fullscreenelementchangerequest"?b({fullscreenElement:M}):L==="documentelementchangerequest"?b({documentElement:M}):L==="optionschangerequest"&&(Object.entries(M??{}).forEach(([se,Fi])=>{d.options[se]=Fi}),h())},getState(){return u},subscribe(_){return b({},l.length+1),l.push(_),_(u),()=>{let L=l.indexOf(_);L>=0&&(b({},l.length-1),l.splice(L,1))}}}};var Hn=(i,e,t)=>{if(!e.has(i))throw TypeError("Cannot "+t)},E=(i,e,t)=>(Hn(i,e,"read from private field"),t?t.call(i):e.get(i)),pe=(i,e,t)=>{if(e.has(i))throw TypeError("Cannot add the same private member more than once");e instanceof WeakSet?e.add(i):e.set(i,t)},Le=(i,e,t,s)=>(Hn(i,e,"write to private field"),s?s.call(i,t):e.set(i,t),t),ht=(i,e,t)=>(Hn(i,e,"access private method"),t),it,vs,x,fe,gs,Oe,Dr,Es,Ur,Un,Wt,Or,On,_s,Pr,Pn,sc,rc=["ArrowLeft","ArrowRight","ArrowUp","ArrowDown","Enter"," ","f","m","k","c","l","j",">","<","p"],Xd=10,Jd=.025,jd=.25,fh=.25,vh=2,m={DEFAULT_SUBTITLES:"defaultsubtitles",DEFAULT_STREAM_TYPE:"defaultstreamtype",DEFAULT_DURATION:"defaultduration",FULLSCREEN_ELEMENT:"fullscreenelement",HOTKEYS:"hotkeys",KEYBOARD_BACKWARD_SEEK_OFFSET:"keyboardbackwardseekoffset",KEYBOARD_FORWARD_SEEK_OFFSET:"keyboardforwardseekoffset",KEYBOARD_DOWN_VOLUME_STEP:"keyboarddownvolumestep",KEYBOARD_UP_VOLUME_STEP:"keyboardupvolumestep",KEYS_USED:"keysused",LANG:"lang",LOOP:"loop",LIVE_EDGE_OFFSET:"liveedgeoffset",NO_AUTO_SEEK_TO_LIVE:"noautoseektolive",NO_DEFAULT_STORE:"nodefaultstore",NO_HOTKEYS:"nohotkeys",NO_MUTED_PREF:"nomutedpref",NO_SUBTITLES_LANG_PREF:"nosubtitleslangpref",NO_VOLUME_PREF:"novolumepref",SEEK_TO_LIVE_OFFSET:"seektoliveoffset"},$n=class extends xt{constructor(){super(),pe(this,Ur),pe(this,Or),pe(this,_s),pe(this,Pn),this.mediaStateReceivers=[],this.associatedElementSubscriptions=new Map,pe(this,it,new mi(this,m.HOTKEYS)),pe(this,vs,void 0),pe(this,x,void 0),pe(this,fe,null),pe(this,gs,void 0),pe(this,Oe,void 0),pe(this,Dr,t=>{var s;(s=E(this,x))==null||s.dispatch(t)}),pe(this,Es,void 0),pe(this,Wt,t=>{let{key:s,shiftKey:r}=t;if(!(r&&(s==="/"||s==="?")||rc.includes(s))){this.removeEventListener("keyup",E(this,Wt));return}this.keyboardShortcutHandler(t)}),this.associateElement(this);let e={};Le(this,gs,t=>{Object.entries(t).forEach(([s,r])=>{if(s in e&&e[s]===r)return;this.propagateMediaState(s,r);let a=s.toLowerCase(),n=new c.CustomEvent(ud[a],{composed:!0,detail:r});this.dispatchEvent(n)}),e=t})}static get observedAttributes(){return super.observedAttributes.concat(m.NO_HOTKEYS,m.HOTKEYS,m.DEFAULT_STREAM_TYPE,m.DEFAULT_SUBTITLES,m.DEFAULT_DURATION,m.NO_MUTED_PREF,m.NO_VOLUME_PREF,m.LANG,m.LOOP,m.LIVE_EDGE_OFFSET,m.SEEK_TO_LIVE_OFFSET,m.NO_AUTO_SEEK_TO_LIVE)}get mediaStore(){return E(this,x)}set mediaStore(e){var t,s;if(E(this,x)&&((t=E(this,Oe))==null||t.call(this),Le(this,Oe,void 0)),Le(this,x,e),!E(this,x)&&!this.hasAttribute(m.NO_DEFAULT_STORE)){ht(this,Ur,Un).call(this);return}Le(this,Oe,(s=E(this,x))==null?void 0:s.subscribe(E(this,gs)))}get fullscreenElement(){var e;return(e=E(this,vs))!=null?e:this}set fullscreenElement(e){var t;this.hasAttribute(m.FULLSCREEN_ELEMENT)&&this.removeAttribute(m.FULLSCREEN_ELEMENT),Le(this,vs,e),(t=E(this,x))==null||t.dispatch({type:"fullscreenelementchangerequest",detail:this.fullscreenElement})}get defaultSubtitles(){return k(this,m.DEFAULT_SUBTITLES)}set defaultSubtitles(e){w(this,m.DEFAULT_SUBTITLES,e)}get defaultStreamType(){return C(this,m.DEFAULT_STREAM_TYPE)}set defaultStreamType(e){R(this,m.DEFAULT_STREAM_TYPE,e)}get defaultDuration(){return X(this,m.DEFAULT_DURATION)}set defaultDuration(e){J(this,m.DEFAULT_DURATION,e)}get noHotkeys(){return k(this,m.NO_HOTKEYS)}set noHotkeys(e){w(this,m.NO_HOTKEYS,e)}get keysUsed(){return C(this,m.KEYS_USED)}set keysUsed(e){R(this,m.KEYS_USED,e)}get liveEdgeOffset(){return X(this,m.LIVE_EDGE_OFFSET)}set liveEdgeOffset(e){J(this,m.LIVE_EDGE_OFFSET,e)}get noAutoSeekToLive(){return k(this,m.NO_AUTO_SEEK_TO_LIVE)}set noAutoSeekToLive(e){w(this,m.NO_AUTO_SEEK_TO_LIVE,e)}get noVolumePref(){return k(this,m.NO_VOLUME_PREF)}set noVolumePref(e){w(this,m.NO_VOLUME_PREF,e)}get noMutedPref(){return k(this,m.NO_MUTED_PREF)}set noMutedPref(e){w(this,m.NO_MUTED_PREF,e)}get noSubtitlesLangPref(){return k(this,m.NO_SUBTITLES_LANG_PREF)}set noSubtitlesLangPref(e){w(this,m.NO_SUBTITLES_LANG_PREF,e)}get noDefaultStore(){return k(this,m.NO_DEFAULT_STORE)}set noDefaultStore(e){w(this,m.NO_DEFAULT_STORE,e)}get resolvedLang(){return bd()}attributeChangedCallback(e,t,s){var r,a,n,l,d,u,g,h,p,f,b,_;if(super.attributeChangedCallback(e,t,s),e===m.NO_HOTKEYS)s!==t&&s===""?(this.hasAttribute(m.HOTKEYS)&&console.warn("Media Chrome: Both `hotkeys` and `nohotkeys` have been set. All hotkeys will be disabled."),this.disableHotkeys()):s!==t&&s===null&&this.enableHotkeys(),ht(this,_s,Pr).call(this);else if(e===m.HOTKEYS)E(this,it).value=s,ht(this,_s,Pr).call(this);else if(e===m.DEFAULT_SUBTITLES&&s!==t)(r=E(this,x))==null||r.dispatch({type:"optionschangerequest",detail:{defaultSubtitles:this.hasAttribute(m.DEFAULT_SUBTITLES)}});else if(e===m.DEFAULT_STREAM_TYPE)(n=E(this,x))==null||n.dispatch({type:"optionschangerequest",detail:{defaultStreamType:(a=this.getAttribute(m.DEFAULT_STREAM_TYPE))!=null?a:void 0}});else if(e===m.LIVE_EDGE_OFFSET&&s!==t)(l=E(this,x))==null||l.dispatch({type:"optionschangerequest",detail:{liveEdgeOffset:this.hasAttribute(m.LIVE_EDGE_OFFSET)?+this.getAttribute(m.LIVE_EDGE_OFFSET):void 0,seekToLiveOffset:this.hasAttribute(m.SEEK_TO_LIVE_OFFSET)?+this.getAttribute(m.SEEK_TO_LIVE_OFFSET):this.hasAttribute(m.LIVE_EDGE_OFFSET)?+this.getAttribute(m.LIVE_EDGE_OFFSET):void 0}});else if(e===m.SEEK_TO_LIVE_OFFSET&&s!==t)(d=E(this,x))==null||d.dispatch({type:"optionschangerequest",detail:{seekToLiveOffset:this.hasAttribute(m.SEEK_TO_LIVE_OFFSET)?+this.getAttribute(m.SEEK_TO_LIVE_OFFSET):this.hasAttribute(m.LIVE_EDGE_OFFSET)?+this.getAttribute(m.LIVE_EDGE_OFFSET):void 0}});else if(e===m.NO_AUTO_SEEK_TO_LIVE)(u=E(this,x))==null||u.dispatch({type:"optionschangerequest",detail:{noAutoSeekToLive:this.hasAttribute(m.NO_AUTO_SEEK_TO_LIVE)}});else if(e===m.FULLSCREEN_ELEMENT){let L=s?(g=this.getRootNode())==null?void 0:g.getElementById(s):void 0;Le(this,vs,L),(h=E(this,x))==null||h.dispatch({type:"fullscreenelementchangerequest",detail:this.fullscreenElement})}else e===m.LANG&&s!==t?(_d(s),(p=E(this,x))==null||p.dispatch({type:"optionschangerequest",detail:{mediaLang:s}})):e===m.LOOP&&s!==t?(f=E(this,x))==null||f.dispatch({type:v.MEDIA_LOOP_REQUEST,detail:s!=null}):e===m.NO_VOLUME_PREF&&s!==t?(b=E(this,x))==null||b.dispatch({type:"optionschangerequest",detail:{noVolumePref:this.hasAttribute(m.NO_VOLUME_PREF)}}):e===m.NO_MUTED_PREF&&s!==t&&((_=E(this,x))==null||_.dispatch({type:"optionschangerequest",detail:{noMutedPref:this.hasAttribute(m.NO_MUTED_PREF)}}))}connectedCallback(){var e,t,s;this.associateElement(this),!E(this,x)&&!this.hasAttribute(m.NO_DEFAULT_STORE)&&ht(this,Ur,Un).call(this),(e=E(this,x))==null||e.dispatch({type:"documentelementchangerequest",detail:H}),(t=E(this,x))==null||t.dispatch({type:"fullscreenelementchangerequest",detail:this.fullscreenElement}),super.connectedCallback(),E(this,x)&&!E(this,Oe)&&Le(this,Oe,(s=E(this,x))==null?void 0:s.subscribe(E(this,gs))),E(this,Es)!==void 0&&E(this,x)&&this.media&&setTimeout(()=>{var r,a,n;(a=(r=this.media)==null?void 0:r.textTracks)!=null&&a.length&&((n=E(this,x))==null||n.dispatch({type:v.MEDIA_TOGGLE_SUBTITLES_REQUEST,detail:E(this,Es)}))},0),this.hasAttribute(m.NO_HOTKEYS)?this.disableHotkeys():this.enableHotkeys()}disconnectedCallback(){var e,t,s,r,a,n;if((e=super.disconnectedCallback)==null||e.call(this),this.disableHotkeys(),E(this,x)){let l=E(this,x).getState();Le(this,Es,!!((t=l.mediaSubtitlesShowing)!=null&&t.length)),(s=E(this,x))==null||s.dispatch({type:"fullscreenelementchangerequest",detail:void 0}),(r=E(this,x))==null||r.dispatch({type:"documentelementchangerequest",detail:void 0}),(a=E(this,x))==null||a.dispatch({type:v.MEDIA_TOGGLE_SUBTITLES_REQUEST,detail:!1})}E(this,Oe)&&((n=E(this,Oe))==null||n.call(this),Le(this,Oe,void 0)),this.unassociateElement(this),E(this,fe)&&(E(this,fe).remove(),Le(this,fe,null))}mediaSetCallback(e){var t;super.mediaSetCallback(e),(t=E(this,x))==null||t.dispatch({type:"mediaelementchangerequest",detail:e}),e.hasAttribute("tabindex")||(e.tabIndex=-1)}mediaUnsetCallback(e){var t;super.mediaUnsetCallback(e),(t=E(this,x))==null||t.dispatch({type:"mediaelementchangerequest",detail:void 0})}propagateMediaState(e,t){ic(this.mediaStateReceivers,e,t)}associateElement(e){if(!e)return;let{associatedElementSubscriptions:t}=this;if(t.has(e))return;let s=this.registerMediaStateReceiver.bind(this),r=this.unregisterMediaStateReceiver.bind(this),a=Ah(e,s,r);Object.values(v).forEach(n=>{e.addEventListener(n,E(this,Dr))}),t.set(e,a)}unassociateElement(e){if(!e)return;let{associatedElementSubscriptions:t}=this;if(!t.has(e))return;t.get(e)(),t.delete(e),Object.values(v).forEach(r=>{e.removeEventListener(r,E(this,Dr))})}registerMediaStateReceiver(e){if(!e)return;let t=this.mediaStateReceivers;t.indexOf(e)>-1||(t.push(e),E(this,x)&&Object.entries(E(this,x).getState()).forEach(([r,a])=>{ic([e],r,a)}))}unregisterMediaStateReceiver(e){let t=this.mediaStateReceivers,s=t.indexOf(e);s<0||t.splice(s,1)}enableHotkeys(){this.addEventListener("keydown",ht(this,Or,On))}disableHotkeys(){this.removeEventListener("keydown",ht(this,Or,On)),this.removeEventListener("keyup",E(this,Wt))}get hotkeys(){return E(this,it)}set hotkeys(e){R(this,m.HOTKEYS,e)}keyboardShortcutHandler(e){var t,s,r,a,n,l,d,u,g;let h=e.target;if(((r=(s=(t=h.getAttribute(m.KEYS_USED))==null?void 0:t.split(" "))!=null?s:h?.keysUsed)!=null?r:[]).map(M=>M==="Space"?" ":M).filter(Boolean).includes(e.key))return;let f,b,_;if(!(E(this,it).contains(Sr(e.key))||e.shiftKey&&(e.key==="/"||e.key==="?")&&E(this,it).contains("noshift+/")))switch(e.key){case" ":case"k":f=E(this,x).getState().mediaPaused?v.MEDIA_PLAY_REQUEST:v.MEDIA_PAUSE_REQUEST,this.dispatchEvent(new c.CustomEvent(f,{composed:!0,bubbles:!0}));break;case"m":f=this.mediaStore.getState().mediaVolumeLevel==="off"?v.MEDIA_UNMUTE_REQUEST:v.MEDIA_MUTE_REQUEST,this.dispatchEvent(new c.CustomEvent(f,{composed:!0,bubbles:!0}));break;case"f":f=this.mediaStore.getState().mediaIsFullscreen?v.MEDIA_EXIT_FULLSCREEN_REQUEST:v.MEDIA_ENTER_FULLSCREEN_REQUEST,this.dispatchEvent(new c.CustomEvent(f,{composed:!0,bubbles:!0}));break;case"c":this.dispatchEvent(new c.CustomEvent(v.MEDIA_TOGGLE_SUBTITLES_REQUEST,{composed:!0,bubbles:!0}));break;case"ArrowLeft":case"j":{let M=this.hasAttribute(m.KEYBOARD_BACKWARD_SEEK_OFFSET)?+this.getAttribute(m.KEYBOARD_BACKWARD_SEEK_OFFSET):Xd;b=Math.max(((a=this.mediaStore.getState().mediaCurrentTime)!=null?a:0)-M,0),_=new c.CustomEvent(v.MEDIA_SEEK_REQUEST,{composed:!0,bubbles:!0,detail:b}),this.dispatchEvent(_);break}case"ArrowRight":case"l":{let M=this.hasAttribute(m.KEYBOARD_FORWARD_SEEK_OFFSET)?+this.getAttribute(m.KEYBOARD_FORWARD_SEEK_OFFSET):Xd;b=Math.max(((n=this.mediaStore.getState().mediaCurrentTime)!=null?n:0)+M,0),_=new c.CustomEvent(v.MEDIA_SEEK_REQUEST,{composed:!0,bubbles:!0,detail:b}),this.dispatchEvent(_);break}case"ArrowUp":{let M=this.hasAttribute(m.KEYBOARD_UP_VOLUME_STEP)?+this.getAttribute(m.KEYBOARD_UP_VOLUME_STEP):Jd;b=Math.min(((l=this.mediaStore.getState().mediaVolume)!=null?l:1)+M,1),_=new c.CustomEvent(v.MEDIA_VOLUME_REQUEST,{composed:!0,bubbles:!0,detail:b}),this.dispatchEvent(_);break}case"ArrowDown":{let M=this.hasAttribute(m.KEYBOARD_DOWN_VOLUME_STEP)?+this.getAttribute(m.KEYBOARD_DOWN_VOLUME_STEP):Jd;b=Math.max(((d=this.mediaStore.getState().mediaVolume)!=null?d:1)-M,0),_=new c.CustomEvent(v.MEDIA_VOLUME_REQUEST,{composed:!0,bubbles:!0,detail:b}),this.dispatchEvent(_);break}case"<":{let M=(u=this.mediaStore.getState().mediaPlaybackRate)!=null?u:1;b=Math.max(M-jd,fh).toFixed(2),_=new c.CustomEvent(v.MEDIA_PLAYBACK_RATE_REQUEST,{composed:!0,bubbles:!0,detail:b}),this.dispatchEvent(_);break}case">":{let M=(g=this.mediaStore.getState().mediaPlaybackRate)!=null?g:1;b=Math.min(M+jd,vh).toFixed(2),_=new c.CustomEvent(v.MEDIA_PLAYBACK_RATE_REQUEST,{composed:!0,bubbles:!0,detail:b}),this.dispatchEvent(_);break}case"/":case"?":{e.shiftKey&&ht(this,Pn,sc).call(this);break}case"p":{f=this.mediaStore.getState().mediaIsPip?v.MEDIA_EXIT_PIP_REQUEST:v.MEDIA_ENTER_PIP_REQUEST,_=new c.CustomEvent(f,{composed:!0,bubbles:!0}),this.dispatchEvent(_);break}default:break}}};it=new WeakMap;vs=new WeakMap;x=new WeakMap;fe=new WeakMap;gs=new WeakMap;Oe=new WeakMap;Dr=new WeakMap;Es=new WeakMap;Ur=new WeakSet;Un=function(){var i;this.mediaStore=Zd({media:this.media,fullscreenElement:this.fullscreenElement,options:{defaultSubtitles:this.hasAttribute(m.DEFAULT_SUBTITLES),defaultDuration:this.hasAttribute(m.DEFAULT_DURATION)?+this.getAttribute(m.DEFAULT_DURATION):void 0,defaultStreamType:(i=this.getAttribute(m.DEFAULT_STREAM_TYPE))!=null?i:void 0,liveEdgeOffset:this.hasAttribute(m.LIVE_EDGE_OFFSET)?+this.getAttribute(m.LIVE_EDGE_OFFSET):void 0,seekToLiveOffset:this.hasAttribute(m.SEEK_TO_LIVE_OFFSET)?+this.getAttribute(m.SEEK_TO_LIVE_OFFSET):this.hasAttribute(m.LIVE_EDGE_OFFSET)?+this.getAttribute(m.LIVE_EDGE_OFFSET):void 0,noAutoSeekToLive:this.hasAttribute(m.NO_AUTO_SEEK_TO_LIVE),noVolumePref:this.hasAttribute(m.NO_VOLUME_PREF),noMutedPref:this.hasAttribute(m.NO_MUTED_PREF),noSubtitlesLangPref:this.hasAttribute(m.NO_SUBTITLES_LANG_PREF)}})};Wt=new WeakMap;Or=new WeakSet;On=function(i){var e;let{metaKey:t,altKey:s,key:r,shiftKey:a}=i,n=a&&(r==="/"||r==="?");if(n&&((e=E(this,fe))!=null&&e.open)){this.removeEventListener("keyup",E(this,Wt));return}if(t||s||!n&&!rc.includes(r)){this.removeEventListener("keyup",E(this,Wt));return}let l=i.target,d=l instanceof HTMLElement&&(l.tagName.toLowerCase()==="media-volume-range"||l.tagName.toLowerCase()==="media-time-range");[" ","ArrowLeft","ArrowRight","ArrowUp","ArrowDown"].includes(r)&&!E(this,it).contains(Sr(r))&&!d&&i.preventDefault(),this.addEventListener("keyup",E(this,Wt),{once:!0})};_s=new WeakSet;Pr=function(){E(this,fe)&&(E(this,fe).hotkeys=E(this,it).value||void 0,(this.noHotkeys||E(this,it).contains("noshift+/"))&&(E(this,fe).open=!1))};Pn=new WeakSet;sc=function(){E(this,fe)||(Le(this,fe,H.createElement("media-keyboard-shortcuts-dialog")),ht(this,_s,Pr).call(this),this.appendChild(E(this,fe))),E(this,fe).open=!0};var gh=Object.values(o),Eh=Object.values(mn),ac=i=>{var e,t,s,r;let{observedAttributes:a}=i.constructor;!a&&((e=i.nodeName)!=null&&e.includes("-"))&&(c.customElements.upgrade(i),{observedAttributes:a}=i.constructor);let n=(r=(s=(t=i?.getAttribute)==null?void 0:t.call(i,I.MEDIA_CHROME_ATTRIBUTES))==null?void 0:s.split)==null?void 0:r.call(s,/\s+/);return Array.isArray(a||n)?(a||n).filter(l=>gh.includes(l)):[]},_h=i=>{var e,t;return(e=i.nodeName)!=null&&e.includes("-")&&c.customElements.get((t=i.nodeName)==null?void 0:t.toLowerCase())&&!(i instanceof c.customElements.get(i.nodeName.toLowerCase()))&&c.customElements.upgrade(i),Eh.some(s=>s in i)},Nn=i=>_h(i)||!!ac(i).length,ec=i=>{var e;return(e=i?.join)==null?void 0:e.call(i,":")},tc={[o.MEDIA_SUBTITLES_LIST]:$t,[o.MEDIA_SUBTITLES_SHOWING]:$t,[o.MEDIA_SEEKABLE]:ec,[o.MEDIA_BUFFERED]:i=>i?.map(ec).join(" "),[o.MEDIA_PREVIEW_COORDS]:i=>i?.join(" "),[o.MEDIA_RENDITION_LIST]:xd,[o.MEDIA_AUDIO_TRACK_LIST]:Dd},bh=async(i,e,t)=>{var s,r;if(i.isConnected||await Ir(0),typeof t=="boolean"||t==null)return w(i,e,t);if(typeof t=="number")return J(i,e,t);if(typeof t=="string")return R(i,e,t);if(Array.isArray(t)&&!t.length)return i.removeAttribute(e);let a=(r=(s=tc[e])==null?void 0:s.call(tc,t))!=null?r:t;return i.setAttribute(e,a)},yh=i=>{var e;return!!((e=i.closest)!=null&&e.call(i,'*[slot="media"]'))},Bt=(i,e)=>{if(yh(i))return;let t=(r,a)=>{var n,l;Nn(r)&&a(r);let{children:d=[]}=r??{},u=(l=(n=r?.shadowRoot)==null?void 0:n.children)!=null?l:[];[...d,...u].forEach(h=>Bt(h,a))},s=i?.nodeName.toLowerCase();if(s.includes("-")&&!Nn(i)){c.customElements.whenDefined(s).then(()=>{t(i,e)});return}t(i,e)},ic=(i,e,t)=>{i.forEach(s=>{if(e in s){s[e]=t;return}let r=ac(s),a=e.toLowerCase();r.includes(a)&&bh(s,a,t)})},Ah=(i,e,t)=>{Bt(i,e);let s=g=>{var h;let p=(h=g?.composedPath()[0])!=null?h:g.target;e(p)},r=g=>{var h;let p=(h=g?.composedPath()[0])!=null?h:g.target;t(p)};i.addEventListener(v.REGISTER_MEDIA_STATE_RECEIVER,s),i.addEventListener(v.UNREGISTER_MEDIA_STATE_RECEIVER,r);let a=g=>{g.forEach(h=>{let{addedNodes:p=[],removedNodes:f=[],type:b,target:_,attributeName:L}=h;b==="childList"?(Array.prototype.forEach.call(p,M=>Bt(M,e)),Array.prototype.forEach.call(f,M=>Bt(M,t))):b==="attributes"&&L===I.MEDIA_CHROME_ATTRIBUTES&&(Nn(_)?e(_):t(_))})},n=[],l=g=>{let h=g.target;h.name!=="media"&&(n.forEach(p=>Bt(p,t)),n=[...h.assignedElements({flatten:!0})],n.forEach(p=>Bt(p,e)))};i.addEventListener("slotchange",l);let d=new MutationObserver(a);return d.observe(i,{childList:!0,attributes:!0,subtree:!0}),()=>{Bt(i,t),i.removeEventListener("slotchange",l),d.disconnect(),i.removeEventListener(v.REGISTER_MEDIA_STATE_RECEIVER,s),i.removeEventListener(v.UNREGISTER_MEDIA_STATE_RECEIVER,r)}};c.customElements.get("media-controller")||c.customElements.define("media-controller",$n);var nc=(i,e,t)=>{if(!e.has(i))throw TypeError("Cannot "+t)},$r=(i,e,t)=>(nc(i,e,"read from private field"),t?t.call(i):e.get(i)),Th=(i,e,t)=>{if(e.has(i))throw TypeError("Cannot add the same private member more than once");e instanceof WeakSet?e.add(i):e.set(i,t)},Nr=(i,e,t,s)=>(nc(i,e,"write to private field"),s?s.call(i,t):e.set(i,t),t),Pe;function Sh(i){return`
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
  `}var bs=class extends c.HTMLElement{constructor(){if(super(),Th(this,Pe,void 0),!this.shadowRoot){this.attachShadow(this.constructor.shadowRootOptions);let e=N(this.attributes);this.shadowRoot.innerHTML=this.constructor.getTemplateHTML(e)}}static get observedAttributes(){return[I.MEDIA_CONTROLLER]}attributeChangedCallback(e,t,s){var r,a,n,l,d;e===I.MEDIA_CONTROLLER&&(t&&((a=(r=$r(this,Pe))==null?void 0:r.unassociateElement)==null||a.call(r,this),Nr(this,Pe,null)),s&&this.isConnected&&(Nr(this,Pe,(n=this.getRootNode())==null?void 0:n.getElementById(s)),(d=(l=$r(this,Pe))==null?void 0:l.associateElement)==null||d.call(l,this)))}connectedCallback(){var e,t,s;let r=this.getAttribute(I.MEDIA_CONTROLLER);r&&(Nr(this,Pe,(e=this.getRootNode())==null?void 0:e.getElementById(r)),(s=(t=$r(this,Pe))==null?void 0:t.associateElement)==null||s.call(t,this))}disconnectedCallback(){var e,t;(t=(e=$r(this,Pe))==null?void 0:e.unassociateElement)==null||t.call(e,this),Nr(this,Pe,null)}};Pe=new WeakMap;bs.shadowRootOptions={mode:"open"};bs.getTemplateHTML=Sh;c.customElements.get("media-control-bar")||c.customElements.define("media-control-bar",bs);var gi={PLACEMENT:"placement",BOUNDS:"bounds"};function kh(i){return`
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
  `}var Ei=class extends c.HTMLElement{constructor(){if(super(),this.updateXOffset=()=>{var e;if(!pr(this,{checkOpacity:!1,checkVisibilityCSS:!1}))return;let t=this.placement;if(t==="left"||t==="right"){this.style.removeProperty("--media-tooltip-offset-x");return}let s=getComputedStyle(this),r=(e=Ue(this,"#"+this.bounds))!=null?e:Ee(this);if(!r)return;let{x:a,width:n}=r.getBoundingClientRect(),{x:l,width:d}=this.getBoundingClientRect(),u=l+d,g=a+n,h=s.getPropertyValue("--media-tooltip-offset-x"),p=h?parseFloat(h.replace("px","")):0,f=s.getPropertyValue("--media-tooltip-container-margin"),b=f?parseFloat(f.replace("px","")):0,_=l-a+p-b,L=u-g+p+b;if(_<0){this.style.setProperty("--media-tooltip-offset-x",`${_}px`);return}if(L>0){this.style.setProperty("--media-tooltip-offset-x",`${L}px`);return}this.style.removeProperty("--media-tooltip-offset-x")},!this.shadowRoot){this.attachShadow(this.constructor.shadowRootOptions);let e=N(this.attributes);this.shadowRoot.innerHTML=this.constructor.getTemplateHTML(e)}if(this.arrowEl=this.shadowRoot.querySelector("#arrow"),Object.prototype.hasOwnProperty.call(this,"placement")){let e=this.placement;delete this.placement,this.placement=e}}static get observedAttributes(){return[gi.PLACEMENT,gi.BOUNDS]}get placement(){return C(this,gi.PLACEMENT)}set placement(e){R(this,gi.PLACEMENT,e)}get bounds(){return C(this,gi.BOUNDS)}set bounds(e){R(this,gi.BOUNDS,e)}};Ei.shadowRootOptions={mode:"open"};Ei.getTemplateHTML=kh;c.customElements.get("media-tooltip")||c.customElements.define("media-tooltip",Ei);var Bn=Ei;var Vn=(i,e,t)=>{if(!e.has(i))throw TypeError("Cannot "+t)},z=(i,e,t)=>(Vn(i,e,"read from private field"),t?t.call(i):e.get(i)),Ft=(i,e,t)=>{if(e.has(i))throw TypeError("Cannot add the same private member more than once");e instanceof WeakSet?e.add(i):e.set(i,t)},Hr=(i,e,t,s)=>(Vn(i,e,"write to private field"),s?s.call(i,t):e.set(i,t),t),oc=(i,e,t)=>(Vn(i,e,"access private method"),t),$e,bi,Wn,lc,pt,_i,Br,Fn,dc,mt={TOOLTIP_PLACEMENT:"tooltipplacement",DISABLED:"disabled",NO_TOOLTIP:"notooltip"};function wh(i,e={}){return`
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
        <template shadowrootmode="${Bn.shadowRootOptions.mode}">
          ${Bn.getTemplateHTML({})}
        </template>
        <slot name="tooltip-content">
          ${this.getTooltipContentHTML(i)}
        </slot>
      </media-tooltip>
    </slot>
  `}function Ih(i,e){return`
    <slot></slot>
  `}function Mh(){return""}var Y=class extends c.HTMLElement{constructor(){if(super(),Ft(this,Wn),Ft(this,Fn),Ft(this,$e,void 0),this.preventClick=!1,this.tooltipEl=null,Ft(this,bi,e=>{this.preventClick||this.handleClick(e),setTimeout(z(this,pt),0)}),Ft(this,pt,()=>{var e,t;(t=(e=this.tooltipEl)==null?void 0:e.updateXOffset)==null||t.call(e)}),Ft(this,_i,e=>{let{key:t}=e;if(!this.keysUsed.includes(t)){this.removeEventListener("keyup",z(this,_i));return}this.preventClick||this.handleClick(e)}),Ft(this,Br,e=>{let{metaKey:t,altKey:s,key:r}=e;if(t||s||!this.keysUsed.includes(r)){this.removeEventListener("keyup",z(this,_i));return}this.addEventListener("keyup",z(this,_i),{once:!0})}),!this.shadowRoot){this.attachShadow(this.constructor.shadowRootOptions);let e=N(this.attributes),t=this.constructor.getTemplateHTML(e);this.shadowRoot.setHTMLUnsafe?this.shadowRoot.setHTMLUnsafe(t):this.shadowRoot.innerHTML=t}this.tooltipEl=this.shadowRoot.querySelector("media-tooltip")}static get observedAttributes(){return["disabled",mt.TOOLTIP_PLACEMENT,I.MEDIA_CONTROLLER,o.MEDIA_LANG]}enable(){this.addEventListener("click",z(this,bi)),this.addEventListener("keydown",z(this,Br)),this.tabIndex=0}disable(){this.removeEventListener("click",z(this,bi)),this.removeEventListener("keydown",z(this,Br)),this.removeEventListener("keyup",z(this,_i)),this.tabIndex=-1}attributeChangedCallback(e,t,s){var r,a,n,l,d;e===I.MEDIA_CONTROLLER?(t&&((a=(r=z(this,$e))==null?void 0:r.unassociateElement)==null||a.call(r,this),Hr(this,$e,null)),s&&this.isConnected&&(Hr(this,$e,(n=this.getRootNode())==null?void 0:n.getElementById(s)),(d=(l=z(this,$e))==null?void 0:l.associateElement)==null||d.call(l,this))):e==="disabled"&&s!==t?s==null?this.enable():this.disable():e===mt.TOOLTIP_PLACEMENT&&this.tooltipEl&&s!==t?this.tooltipEl.placement=s:e===o.MEDIA_LANG&&(this.shadowRoot.querySelector('slot[name="tooltip-content"]').innerHTML=this.constructor.getTooltipContentHTML()),oc(this,Wn,lc).call(this)&&z(this,pt).call(this)}connectedCallback(){var e,t,s;let{style:r}=$(this.shadowRoot,":host");r.setProperty("display",`var(--media-control-display, var(--${this.localName}-display, inline-flex))`),this.hasAttribute("disabled")?this.disable():this.enable(),this.setAttribute("role","button");let a=this.getAttribute(I.MEDIA_CONTROLLER);a&&(Hr(this,$e,(e=this.getRootNode())==null?void 0:e.getElementById(a)),(s=(t=z(this,$e))==null?void 0:t.associateElement)==null||s.call(t,this)),c.customElements.whenDefined("media-tooltip").then(()=>oc(this,Fn,dc).call(this))}disconnectedCallback(){var e,t;this.disable(),(t=(e=z(this,$e))==null?void 0:e.unassociateElement)==null||t.call(e,this),Hr(this,$e,null),this.removeEventListener("mouseenter",z(this,pt)),this.removeEventListener("focus",z(this,pt)),this.removeEventListener("click",z(this,bi))}get keysUsed(){return["Enter"," "]}get tooltipPlacement(){return C(this,mt.TOOLTIP_PLACEMENT)}set tooltipPlacement(e){R(this,mt.TOOLTIP_PLACEMENT,e)}get mediaController(){return C(this,I.MEDIA_CONTROLLER)}set mediaController(e){R(this,I.MEDIA_CONTROLLER,e)}get disabled(){return k(this,mt.DISABLED)}set disabled(e){w(this,mt.DISABLED,e)}get noTooltip(){return k(this,mt.NO_TOOLTIP)}set noTooltip(e){w(this,mt.NO_TOOLTIP,e)}handleClick(e){}};$e=new WeakMap;bi=new WeakMap;Wn=new WeakSet;lc=function(){try{return this.matches(":hover, :focus-visible")}catch{return this.matches(":hover, :focus")}};pt=new WeakMap;_i=new WeakMap;Br=new WeakMap;Fn=new WeakSet;dc=function(){this.addEventListener("mouseenter",z(this,pt)),this.addEventListener("focus",z(this,pt)),this.addEventListener("click",z(this,bi));let i=this.tooltipPlacement;i&&this.tooltipEl&&(this.tooltipEl.placement=i)};Y.shadowRootOptions={mode:"open"};Y.getTemplateHTML=wh;Y.getSlotTemplateHTML=Ih;Y.getTooltipContentHTML=Mh;c.customElements.get("media-chrome-button")||c.customElements.define("media-chrome-button",Y);var Lh=`<svg aria-hidden="true" viewBox="0 0 24 24">
  <path d="m6 21 15-9L6 3v18Z"/>
</svg>`,Rh=`<svg aria-hidden="true" viewBox="0 0 24 24">
  <path d="M6 20h4V4H6v16Zm8-16v16h4V4h-4Z"/>
</svg>`;function Ch(i){return`
    <style>
      :host([${o.MEDIA_PAUSED}]) slot[name=pause],
      :host(:not([${o.MEDIA_PAUSED}])) slot[name=play] {
        display: none !important;
      }

      :host([${o.MEDIA_PAUSED}]) slot[name=tooltip-pause],
      :host(:not([${o.MEDIA_PAUSED}])) slot[name=tooltip-play] {
        display: none;
      }
    </style>

    <slot name="icon">
      <slot name="play">${Lh}</slot>
      <slot name="pause">${Rh}</slot>
    </slot>
  `}function xh(){return`
    <slot name="tooltip-play">${y("Play")}</slot>
    <slot name="tooltip-pause">${y("Pause")}</slot>
  `}var cc=i=>{let e=i.mediaPaused?y("play"):y("pause");i.setAttribute("aria-label",e)},ys=class extends Y{static get observedAttributes(){return[...super.observedAttributes,o.MEDIA_PAUSED,o.MEDIA_ENDED]}connectedCallback(){super.connectedCallback(),cc(this)}attributeChangedCallback(e,t,s){super.attributeChangedCallback(e,t,s),(e===o.MEDIA_PAUSED||e===o.MEDIA_LANG)&&cc(this)}get mediaPaused(){return k(this,o.MEDIA_PAUSED)}set mediaPaused(e){w(this,o.MEDIA_PAUSED,e)}handleClick(){let e=this.mediaPaused?v.MEDIA_PLAY_REQUEST:v.MEDIA_PAUSE_REQUEST;this.dispatchEvent(new c.CustomEvent(e,{composed:!0,bubbles:!0}))}};ys.getSlotTemplateHTML=Ch;ys.getTooltipContentHTML=xh;c.customElements.get("media-play-button")||c.customElements.define("media-play-button",ys);var Zn=(i,e,t)=>{if(!e.has(i))throw TypeError("Cannot "+t)},V=(i,e,t)=>(Zn(i,e,"read from private field"),t?t.call(i):e.get(i)),ie=(i,e,t)=>{if(e.has(i))throw TypeError("Cannot add the same private member more than once");e instanceof WeakSet?e.add(i):e.set(i,t)},ft=(i,e,t,s)=>(Zn(i,e,"write to private field"),s?s.call(i,t):e.set(i,t),t),Re=(i,e,t)=>(Zn(i,e,"access private method"),t),Ne,Zr,Wr,Fr,Ce,Yr,Vr,qr,Kr,Xn,uc,Gr,qn,zr,Kn,Qr,Jn,Gn,hc,zn,mc,Yn,pc,Qn,fc;function Dh(i){return`
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
  `}function Uh(i){return""}var He=class extends c.HTMLElement{constructor(){if(super(),ie(this,Xn),ie(this,Gr),ie(this,zr),ie(this,Qr),ie(this,Gn),ie(this,zn),ie(this,Yn),ie(this,Qn),ie(this,Ne,void 0),ie(this,Zr,void 0),ie(this,Wr,void 0),ie(this,Fr,void 0),ie(this,Ce,{}),ie(this,Yr,[]),ie(this,Vr,()=>{if(this.range.matches(":focus-visible")){let{style:e}=$(this.shadowRoot,":host");e.setProperty("--_focus-visible-box-shadow","var(--_focus-box-shadow)")}}),ie(this,qr,()=>{let{style:e}=$(this.shadowRoot,":host");e.removeProperty("--_focus-visible-box-shadow")}),ie(this,Kr,()=>{let e=this.shadowRoot.querySelector("#segments-clipping");e&&e.parentNode.append(e)}),!this.shadowRoot){this.attachShadow(this.constructor.shadowRootOptions);let e=N(this.attributes),t=this.constructor.getTemplateHTML(e);this.shadowRoot.setHTMLUnsafe?this.shadowRoot.setHTMLUnsafe(t):this.shadowRoot.innerHTML=t}this.container=this.shadowRoot.querySelector("#container"),ft(this,Wr,this.shadowRoot.querySelector("#startpoint")),ft(this,Fr,this.shadowRoot.querySelector("#endpoint")),this.range=this.shadowRoot.querySelector("#range"),this.appearance=this.shadowRoot.querySelector("#appearance")}static get observedAttributes(){return["disabled","aria-disabled",I.MEDIA_CONTROLLER]}attributeChangedCallback(e,t,s){var r,a,n,l,d;e===I.MEDIA_CONTROLLER?(t&&((a=(r=V(this,Ne))==null?void 0:r.unassociateElement)==null||a.call(r,this),ft(this,Ne,null)),s&&this.isConnected&&(ft(this,Ne,(n=this.getRootNode())==null?void 0:n.getElementById(s)),(d=(l=V(this,Ne))==null?void 0:l.associateElement)==null||d.call(l,this))):(e==="disabled"||e==="aria-disabled"&&t!==s)&&(s==null?(this.range.removeAttribute(e),Re(this,Gr,qn).call(this)):(this.range.setAttribute(e,s),Re(this,zr,Kn).call(this)))}connectedCallback(){var e,t,s;let{style:r}=$(this.shadowRoot,":host");r.setProperty("display",`var(--media-control-display, var(--${this.localName}-display, inline-flex))`),V(this,Ce).pointer=$(this.shadowRoot,"#pointer"),V(this,Ce).progress=$(this.shadowRoot,"#progress"),V(this,Ce).thumb=$(this.shadowRoot,'#thumb, ::slotted([slot="thumb"])'),V(this,Ce).activeSegment=$(this.shadowRoot,"#segments-clipping rect:nth-child(0)");let a=this.getAttribute(I.MEDIA_CONTROLLER);a&&(ft(this,Ne,(e=this.getRootNode())==null?void 0:e.getElementById(a)),(s=(t=V(this,Ne))==null?void 0:t.associateElement)==null||s.call(t,this)),this.updateBar(),this.shadowRoot.addEventListener("focusin",V(this,Vr)),this.shadowRoot.addEventListener("focusout",V(this,qr)),Re(this,Gr,qn).call(this),Je(this.container,V(this,Kr))}disconnectedCallback(){var e,t;Re(this,zr,Kn).call(this),(t=(e=V(this,Ne))==null?void 0:e.unassociateElement)==null||t.call(e,this),ft(this,Ne,null),this.shadowRoot.removeEventListener("focusin",V(this,Vr)),this.shadowRoot.removeEventListener("focusout",V(this,qr)),je(this.container,V(this,Kr))}updatePointerBar(e){var t;(t=V(this,Ce).pointer)==null||t.style.setProperty("width",`${this.getPointerRatio(e)*100}%`)}updateBar(){var e,t;let s=this.range.valueAsNumber*100;(e=V(this,Ce).progress)==null||e.style.setProperty("width",`${s}%`),(t=V(this,Ce).thumb)==null||t.style.setProperty("left",`${s}%`)}updateSegments(e){let t=this.shadowRoot.querySelector("#segments-clipping");if(t.textContent="",this.container.classList.toggle("segments",!!e?.length),!e?.length)return;let s=[...new Set([+this.range.min,...e.flatMap(a=>[a.start,a.end]),+this.range.max])];ft(this,Yr,[...s]);let r=s.pop();for(let[a,n]of s.entries()){let[l,d]=[a===0,a===s.length-1],u=l?"calc(var(--segments-gap) / -1)":`${n*100}%`,h=`calc(${((d?r:s[a+1])-n)*100}%${l||d?"":" - var(--segments-gap)"})`,p=H.createElementNS("http://www.w3.org/2000/svg","rect"),f=as(this.shadowRoot,`#segments-clipping rect:nth-child(${a+1})`);f.style.setProperty("x",u),f.style.setProperty("width",h),t.append(p)}}getPointerRatio(e){return fd(e.clientX,e.clientY,V(this,Wr).getBoundingClientRect(),V(this,Fr).getBoundingClientRect())}get dragging(){return this.hasAttribute("dragging")}handleEvent(e){switch(e.type){case"pointermove":Re(this,Qn,fc).call(this,e);break;case"input":this.updateBar();break;case"pointerenter":Re(this,Gn,hc).call(this,e);break;case"pointerdown":Re(this,Qr,Jn).call(this,e);break;case"pointerup":Re(this,zn,mc).call(this);break;case"pointerleave":Re(this,Yn,pc).call(this);break}}get keysUsed(){return["ArrowUp","ArrowRight","ArrowDown","ArrowLeft"]}};Ne=new WeakMap;Zr=new WeakMap;Wr=new WeakMap;Fr=new WeakMap;Ce=new WeakMap;Yr=new WeakMap;Vr=new WeakMap;qr=new WeakMap;Kr=new WeakMap;Xn=new WeakSet;uc=function(i){let e=V(this,Ce).activeSegment;if(!e)return;let t=this.getPointerRatio(i),r=`#segments-clipping rect:nth-child(${V(this,Yr).findIndex((a,n,l)=>{let d=l[n+1];return d!=null&&t>=a&&t<=d})+1})`;(e.selectorText!=r||!e.style.transform)&&(e.selectorText=r,e.style.setProperty("transform","var(--media-range-segment-hover-transform, scaleY(2))"))};Gr=new WeakSet;qn=function(){this.hasAttribute("disabled")||!this.isConnected||(this.addEventListener("input",this),this.addEventListener("pointerdown",this),this.addEventListener("pointerenter",this))};zr=new WeakSet;Kn=function(){var i,e;this.removeEventListener("input",this),this.removeEventListener("pointerdown",this),this.removeEventListener("pointerenter",this),this.removeEventListener("pointerleave",this),(i=c.window)==null||i.removeEventListener("pointerup",this),(e=c.window)==null||e.removeEventListener("pointermove",this)};Qr=new WeakSet;Jn=function(i){var e;ft(this,Zr,i.composedPath().includes(this.range)),(e=c.window)==null||e.addEventListener("pointerup",this,{once:!0})};Gn=new WeakSet;hc=function(i){var e;i.pointerType!=="mouse"&&Re(this,Qr,Jn).call(this,i),this.addEventListener("pointerleave",this,{once:!0}),(e=c.window)==null||e.addEventListener("pointermove",this)};zn=new WeakSet;mc=function(){var i;(i=c.window)==null||i.removeEventListener("pointerup",this),this.toggleAttribute("dragging",!1),this.range.disabled=this.hasAttribute("disabled")};Yn=new WeakSet;pc=function(){var i,e;this.removeEventListener("pointerleave",this),(i=c.window)==null||i.removeEventListener("pointermove",this),this.toggleAttribute("dragging",!1),this.range.disabled=this.hasAttribute("disabled"),(e=V(this,Ce).activeSegment)==null||e.style.removeProperty("transform")};Qn=new WeakSet;fc=function(i){i.pointerType==="pen"&&i.buttons===0||(this.toggleAttribute("dragging",i.buttons===1||i.pointerType!=="mouse"),this.updatePointerBar(i),Re(this,Xn,uc).call(this,i),this.dragging&&(i.pointerType!=="mouse"||!V(this,Zr))&&(this.range.disabled=!0,this.range.valueAsNumber=this.getPointerRatio(i),this.range.dispatchEvent(new Event("input",{bubbles:!0,composed:!0}))))};He.shadowRootOptions={mode:"open"};He.getTemplateHTML=Dh;He.getContainerTemplateHTML=Uh;c.customElements.get("media-chrome-range")||c.customElements.define("media-chrome-range",He);var vc=(i,e,t)=>{if(!e.has(i))throw TypeError("Cannot "+t)},Xr=(i,e,t)=>(vc(i,e,"read from private field"),t?t.call(i):e.get(i)),Oh=(i,e,t)=>{if(e.has(i))throw TypeError("Cannot add the same private member more than once");e instanceof WeakSet?e.add(i):e.set(i,t)},Jr=(i,e,t,s)=>(vc(i,e,"write to private field"),s?s.call(i,t):e.set(i,t),t),Be;function Ph(i){return`
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
  `}var yi=class extends c.HTMLElement{constructor(){if(super(),Oh(this,Be,void 0),!this.shadowRoot){this.attachShadow(this.constructor.shadowRootOptions);let e=N(this.attributes);this.shadowRoot.innerHTML=this.constructor.getTemplateHTML(e)}}static get observedAttributes(){return[I.MEDIA_CONTROLLER,o.MEDIA_PREVIEW_IMAGE,o.MEDIA_PREVIEW_COORDS]}connectedCallback(){var e,t,s;let r=this.getAttribute(I.MEDIA_CONTROLLER);r&&(Jr(this,Be,(e=this.getRootNode())==null?void 0:e.getElementById(r)),(s=(t=Xr(this,Be))==null?void 0:t.associateElement)==null||s.call(t,this))}disconnectedCallback(){var e,t;(t=(e=Xr(this,Be))==null?void 0:e.unassociateElement)==null||t.call(e,this),Jr(this,Be,null)}attributeChangedCallback(e,t,s){var r,a,n,l,d;[o.MEDIA_PREVIEW_IMAGE,o.MEDIA_PREVIEW_COORDS].includes(e)&&this.update(),e===I.MEDIA_CONTROLLER&&(t&&((a=(r=Xr(this,Be))==null?void 0:r.unassociateElement)==null||a.call(r,this),Jr(this,Be,null)),s&&this.isConnected&&(Jr(this,Be,(n=this.getRootNode())==null?void 0:n.getElementById(s)),(d=(l=Xr(this,Be))==null?void 0:l.associateElement)==null||d.call(l,this)))}get mediaPreviewImage(){return C(this,o.MEDIA_PREVIEW_IMAGE)}set mediaPreviewImage(e){R(this,o.MEDIA_PREVIEW_IMAGE,e)}get mediaPreviewCoords(){let e=this.getAttribute(o.MEDIA_PREVIEW_COORDS);if(e)return e.split(/\s+/).map(t=>+t)}set mediaPreviewCoords(e){if(!e){this.removeAttribute(o.MEDIA_PREVIEW_COORDS);return}this.setAttribute(o.MEDIA_PREVIEW_COORDS,e.join(" "))}update(){let e=this.mediaPreviewCoords,t=this.mediaPreviewImage;if(!(e&&t))return;let[s,r,a,n]=e,l=t.split("#")[0],d=getComputedStyle(this),{maxWidth:u,maxHeight:g,minWidth:h,minHeight:p}=d,f=d.getPropertyValue("--media-preview-thumbnail-object-fit").trim()||"contain",b,_;if(f==="fill"){let Qe=parseInt(u)/a,Ze=parseInt(g)/n,qi=parseInt(h)/a,Tt=parseInt(p)/n;b=Qe<1?Qe:Math.max(Qe,qi),_=Ze<1?Ze:Math.max(Ze,Tt)}else{let Qe=Math.min(parseInt(u)/a,parseInt(g)/n),Ze=Math.max(parseInt(h)/a,parseInt(p)/n),Tt=Qe<1?Qe:Ze>1?Ze:1;b=Tt,_=Tt}let{style:L}=$(this.shadowRoot,":host"),M=$(this.shadowRoot,"img").style,se=this.shadowRoot.querySelector("img"),Vi=Math.min(b,_)<1?"min":"max";L.setProperty(`${Vi}-width`,"initial","important"),L.setProperty(`${Vi}-height`,"initial","important"),L.width=`${a*b}px`,L.height=`${n*_}px`;let Zt=()=>{M.width=`${this.imgWidth*b}px`,M.height=`${this.imgHeight*_}px`,M.display="block"};se.src!==l&&(se.onload=()=>{this.imgWidth=se.naturalWidth,this.imgHeight=se.naturalHeight,Zt(),se.onload=null},se.src=l,Zt()),Zt(),M.transform=`translate(-${s*b}px, -${r*_}px)`}};Be=new WeakMap;yi.shadowRootOptions={mode:"open"};yi.getTemplateHTML=Ph;c.customElements.get("media-preview-thumbnail")||c.customElements.define("media-preview-thumbnail",yi);var jn=yi;var gc=(i,e,t)=>{if(!e.has(i))throw TypeError("Cannot "+t)},jr=(i,e,t)=>(gc(i,e,"read from private field"),t?t.call(i):e.get(i)),$h=(i,e,t)=>{if(e.has(i))throw TypeError("Cannot add the same private member more than once");e instanceof WeakSet?e.add(i):e.set(i,t)},ea=(i,e,t,s)=>(gc(i,e,"write to private field"),s?s.call(i,t):e.set(i,t),t),We;function Nh(i,e={}){return`
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
  `}function Hh(i,e){return`
    <slot></slot>
  `}var _e=class extends c.HTMLElement{constructor(){if(super(),$h(this,We,void 0),!this.shadowRoot){this.attachShadow(this.constructor.shadowRootOptions);let e=N(this.attributes);this.shadowRoot.innerHTML=this.constructor.getTemplateHTML(e)}}static get observedAttributes(){return[I.MEDIA_CONTROLLER]}attributeChangedCallback(e,t,s){var r,a,n,l,d;e===I.MEDIA_CONTROLLER&&(t&&((a=(r=jr(this,We))==null?void 0:r.unassociateElement)==null||a.call(r,this),ea(this,We,null)),s&&this.isConnected&&(ea(this,We,(n=this.getRootNode())==null?void 0:n.getElementById(s)),(d=(l=jr(this,We))==null?void 0:l.associateElement)==null||d.call(l,this)))}connectedCallback(){var e,t,s;let{style:r}=$(this.shadowRoot,":host");r.setProperty("display",`var(--media-control-display, var(--${this.localName}-display, inline-flex))`);let a=this.getAttribute(I.MEDIA_CONTROLLER);a&&(ea(this,We,(e=this.getRootNode())==null?void 0:e.getElementById(a)),(s=(t=jr(this,We))==null?void 0:t.associateElement)==null||s.call(t,this))}disconnectedCallback(){var e,t;(t=(e=jr(this,We))==null?void 0:e.unassociateElement)==null||t.call(e,this),ea(this,We,null)}};We=new WeakMap;_e.shadowRootOptions={mode:"open"};_e.getTemplateHTML=Nh;_e.getSlotTemplateHTML=Hh;c.customElements.get("media-text-display")||c.customElements.define("media-text-display",_e);var Ec=[{singular:"hour",plural:"hours"},{singular:"minute",plural:"minutes"},{singular:"second",plural:"seconds"}],_c=(i,e)=>{let t=i===1?y(Ec[e].singular):y(Ec[e].plural);return`${i} ${t}`},Vt=i=>{if(!pi(i))return"";let e=Math.abs(i),t=e!==i,s=new Date(0,0,0,0,0,e,0),a=[s.getHours(),s.getMinutes(),s.getSeconds()].map((n,l)=>n&&_c(n,l)).filter(n=>n).join(", ");return t?y("{time} remaining",{time:a}):e===0?_c(0,2):a};function qt(i,e){let t=!1;i<0&&(t=!0,i=0-i),i=i<0?0:i;let s=Math.floor(i%60),r=Math.floor(i/60%60),a=Math.floor(i/3600),n=Math.floor(e/60%60),l=Math.floor(e/3600);return(isNaN(i)||i===1/0)&&(a=r=s="0"),a=a>0||l>0?a+":":"",r=((a||n>=10)&&r<10?"0"+r:r)+":",s=s<10?"0"+s:s,(t?"-":"")+a+r+s}var wv=Object.freeze({length:0,start(i){let e=i>>>0;if(e>=this.length)throw new DOMException(`Failed to execute 'start' on 'TimeRanges': The index provided (${e}) is greater than or equal to the maximum bound (${this.length}).`);return 0},end(i){let e=i>>>0;if(e>=this.length)throw new DOMException(`Failed to execute 'end' on 'TimeRanges': The index provided (${e}) is greater than or equal to the maximum bound (${this.length}).`);return 0}});var yc=(i,e,t)=>{if(!e.has(i))throw TypeError("Cannot "+t)},bc=(i,e,t)=>(yc(i,e,"read from private field"),t?t.call(i):e.get(i)),Bh=(i,e,t)=>{if(e.has(i))throw TypeError("Cannot add the same private member more than once");e instanceof WeakSet?e.add(i):e.set(i,t)},Wh=(i,e,t,s)=>(yc(i,e,"write to private field"),s?s.call(i,t):e.set(i,t),t),As,eo=class extends _e{constructor(){super(),Bh(this,As,void 0),Wh(this,As,this.shadowRoot.querySelector("slot")),bc(this,As).textContent=qt(0)}static get observedAttributes(){return[...super.observedAttributes,o.MEDIA_PREVIEW_TIME]}attributeChangedCallback(e,t,s){super.attributeChangedCallback(e,t,s),e===o.MEDIA_PREVIEW_TIME&&s!=null&&(bc(this,As).textContent=qt(parseFloat(s)))}get mediaPreviewTime(){return X(this,o.MEDIA_PREVIEW_TIME)}set mediaPreviewTime(e){J(this,o.MEDIA_PREVIEW_TIME,e)}};As=new WeakMap;c.customElements.get("media-preview-time-display")||c.customElements.define("media-preview-time-display",eo);var Ac=(i,e,t)=>{if(!e.has(i))throw TypeError("Cannot "+t)},Fh=(i,e,t)=>(Ac(i,e,"read from private field"),t?t.call(i):e.get(i)),Vh=(i,e,t)=>{if(e.has(i))throw TypeError("Cannot add the same private member more than once");e instanceof WeakSet?e.add(i):e.set(i,t)},qh=(i,e,t,s)=>(Ac(i,e,"write to private field"),s?s.call(i,t):e.set(i,t),t),ta,to=class extends _e{constructor(){super(),Vh(this,ta,void 0),qh(this,ta,this.shadowRoot.querySelector("slot"))}static get observedAttributes(){return[...super.observedAttributes,o.MEDIA_PREVIEW_CHAPTER,o.MEDIA_LANG]}attributeChangedCallback(e,t,s){if(super.attributeChangedCallback(e,t,s),(e===o.MEDIA_PREVIEW_CHAPTER||e===o.MEDIA_LANG)&&s!==t&&s!=null)if(Fh(this,ta).textContent=s,s!==""){let r=y("chapter: {chapterName}",{chapterName:s});this.setAttribute("aria-valuetext",r)}else this.removeAttribute("aria-valuetext")}get mediaPreviewChapter(){return C(this,o.MEDIA_PREVIEW_CHAPTER)}set mediaPreviewChapter(e){R(this,o.MEDIA_PREVIEW_CHAPTER,e)}};ta=new WeakMap;c.customElements.get("media-preview-chapter-display")||c.customElements.define("media-preview-chapter-display",to);var Tc=(i,e,t)=>{if(!e.has(i))throw TypeError("Cannot "+t)},ee=(i,e,t)=>(Tc(i,e,"read from private field"),t?t.call(i):e.get(i)),Fe=(i,e,t)=>{if(e.has(i))throw TypeError("Cannot add the same private member more than once");e instanceof WeakSet?e.add(i):e.set(i,t)},ve=(i,e,t,s)=>(Tc(i,e,"write to private field"),s?s.call(i,t):e.set(i,t),t),Kh=(i,e,t,s)=>({set _(r){ve(i,e,r,t)},get _(){return ee(i,e,s)}}),Ai,ia,Ti,Ts,sa,ra,aa,Si,Kt,na,oa=class{constructor(e,t,s){Fe(this,Ai,void 0),Fe(this,ia,void 0),Fe(this,Ti,void 0),Fe(this,Ts,void 0),Fe(this,sa,void 0),Fe(this,ra,void 0),Fe(this,aa,void 0),Fe(this,Si,void 0),Fe(this,Kt,0),Fe(this,na,(r=performance.now())=>{ve(this,Kt,requestAnimationFrame(ee(this,na))),ve(this,Ts,performance.now()-ee(this,Ti));let a=1e3/this.fps;if(ee(this,Ts)>a){ve(this,Ti,r-ee(this,Ts)%a);let n=1e3/((r-ee(this,ia))/++Kh(this,sa)._),l=(r-ee(this,ra))/1e3/this.duration,d=ee(this,aa)+l*this.playbackRate;d-ee(this,Ai).valueAsNumber>0?ve(this,Si,this.playbackRate/this.duration/n):(ve(this,Si,.995*ee(this,Si)),d=ee(this,Ai).valueAsNumber+ee(this,Si)),this.callback(d)}}),ve(this,Ai,e),this.callback=t,this.fps=s}start(){ee(this,Kt)===0&&(ve(this,Ti,performance.now()),ve(this,ia,ee(this,Ti)),ve(this,sa,0),ee(this,na).call(this))}stop(){ee(this,Kt)!==0&&(cancelAnimationFrame(ee(this,Kt)),ve(this,Kt,0))}update({start:e,duration:t,playbackRate:s}){let r=e-ee(this,Ai).valueAsNumber,a=Math.abs(t-this.duration);(r>0||r<-.5/t||a>=.5)&&this.callback(e),ve(this,aa,e),ve(this,ra,performance.now()),this.duration=t,this.playbackRate=s}};Ai=new WeakMap;ia=new WeakMap;Ti=new WeakMap;Ts=new WeakMap;sa=new WeakMap;ra=new WeakMap;aa=new WeakMap;Si=new WeakMap;Kt=new WeakMap;na=new WeakMap;var no=(i,e,t)=>{if(!e.has(i))throw TypeError("Cannot "+t)},B=(i,e,t)=>(no(i,e,"read from private field"),t?t.call(i):e.get(i)),Q=(i,e,t)=>{if(e.has(i))throw TypeError("Cannot add the same private member more than once");e instanceof WeakSet?e.add(i):e.set(i,t)},be=(i,e,t,s)=>(no(i,e,"write to private field"),s?s.call(i,t):e.set(i,t),t),ye=(i,e,t)=>(no(i,e,"access private method"),t),ki,vt,ca,ks,ua,da,ws,Is,wi,Ii,Ss,io,Sc,so,ha,oo,ma,lo,pa,co,ro,kc,Ms,fa,ao,wc,Gh=i=>{let e=i.range,t=Vt(+Ic(i)),s=Vt(+i.mediaSeekableEnd),r=t&&s?y("{currentTime} of {totalTime}",{currentTime:t,totalTime:s}):y("video not loaded, unknown time.");e.setAttribute("aria-valuetext",r)};function zh(i){return`
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

      :host(:is([${o.MEDIA_PREVIEW_IMAGE}], [${o.MEDIA_PREVIEW_TIME}])[dragging]) [part~="preview-box"] {
        transition-duration: var(--media-preview-transition-duration-in, .5s);
        transition-delay: var(--media-preview-transition-delay-in, .25s);
        visibility: visible;
        opacity: 1;
      }

      @media (hover: hover) {
        :host(:is([${o.MEDIA_PREVIEW_IMAGE}], [${o.MEDIA_PREVIEW_TIME}]):hover) [part~="preview-box"] {
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

      :host([${o.MEDIA_PREVIEW_IMAGE}][dragging]) media-preview-thumbnail,
      :host([${o.MEDIA_PREVIEW_IMAGE}][dragging]) ::slotted(media-preview-thumbnail) {
        transition-delay: var(--media-preview-transition-delay-in, .25s);
        visibility: visible;
      }

      @media (hover: hover) {
        :host([${o.MEDIA_PREVIEW_IMAGE}]:hover) media-preview-thumbnail,
        :host([${o.MEDIA_PREVIEW_IMAGE}]:hover) ::slotted(media-preview-thumbnail) {
          transition-delay: var(--media-preview-transition-delay-in, .25s);
          visibility: visible;
        }

        :host([${o.MEDIA_PREVIEW_TIME}]:hover) {
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

      :host([${o.MEDIA_PREVIEW_IMAGE}]) media-preview-chapter-display,
      :host([${o.MEDIA_PREVIEW_IMAGE}]) ::slotted(media-preview-chapter-display) {
        transition-delay: var(--media-preview-transition-delay-in, .25s);
        border-radius: var(--media-preview-chapter-border-radius, 0);
        padding: var(--media-preview-chapter-padding, 3.5px 9px 0);
        margin: var(--media-preview-chapter-margin, 0);
        min-width: 100%;
      }

      media-preview-chapter-display[${o.MEDIA_PREVIEW_CHAPTER}],
      ::slotted(media-preview-chapter-display[${o.MEDIA_PREVIEW_CHAPTER}]) {
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

      :host([${o.MEDIA_PREVIEW_IMAGE}]) media-preview-time-display,
      :host([${o.MEDIA_PREVIEW_IMAGE}]) ::slotted(media-preview-time-display) {
        transition-delay: var(--media-preview-transition-delay-in, .25s);
        border-radius: var(--media-preview-time-border-radius,
          0 0 var(--media-preview-border-radius) var(--media-preview-border-radius));
        min-width: 100%;
      }

      :host([${o.MEDIA_PREVIEW_TIME}]:hover) {
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
          <template shadowrootmode="${jn.shadowRootOptions.mode}">
            ${jn.getTemplateHTML({})}
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
  `}var la=(i,e=i.mediaCurrentTime)=>{let t=Number.isFinite(i.mediaSeekableStart)?i.mediaSeekableStart:0,s=Number.isFinite(i.mediaDuration)?i.mediaDuration:i.mediaSeekableEnd;if(Number.isNaN(s))return 0;let r=(e-t)/(s-t);return Math.max(0,Math.min(r,1))},Ic=(i,e=i.range.valueAsNumber)=>{let t=Number.isFinite(i.mediaSeekableStart)?i.mediaSeekableStart:0,s=Number.isFinite(i.mediaDuration)?i.mediaDuration:i.mediaSeekableEnd;return Number.isNaN(s)?0:e*(s-t)+t},Ls=class extends He{constructor(){super(),Q(this,io),Q(this,ha),Q(this,ma),Q(this,pa),Q(this,ro),Q(this,Ms),Q(this,ao),Q(this,ki,null),Q(this,vt,void 0),Q(this,ca,void 0),Q(this,ks,void 0),Q(this,ua,void 0),Q(this,da,void 0),Q(this,ws,void 0),Q(this,Is,void 0),Q(this,wi,void 0),Q(this,Ii,void 0),Q(this,Ss,()=>{ye(this,io,Sc).call(this)?B(this,vt).start():B(this,vt).stop()}),Q(this,so,s=>{this.dragging||(pi(s)&&(this.range.valueAsNumber=s),B(this,Ii)||this.updateBar())}),this.shadowRoot.querySelector("#track").insertAdjacentHTML("afterbegin",'<div id="buffered" part="buffered"></div>'),be(this,ca,this.shadowRoot.querySelectorAll('[part~="box"]')),be(this,ua,this.shadowRoot.querySelector('[part~="preview-box"]')),be(this,da,this.shadowRoot.querySelector('[part~="current-box"]'));let t=getComputedStyle(this);be(this,ws,parseInt(t.getPropertyValue("--media-box-padding-left"))),be(this,Is,parseInt(t.getPropertyValue("--media-box-padding-right"))),be(this,vt,new oa(this.range,B(this,so),60))}static get observedAttributes(){return[...super.observedAttributes,o.MEDIA_PAUSED,o.MEDIA_DURATION,o.MEDIA_SEEKABLE,o.MEDIA_CURRENT_TIME,o.MEDIA_PREVIEW_IMAGE,o.MEDIA_PREVIEW_TIME,o.MEDIA_PREVIEW_CHAPTER,o.MEDIA_BUFFERED,o.MEDIA_PLAYBACK_RATE,o.MEDIA_LOADING,o.MEDIA_ENDED]}connectedCallback(){var e;super.connectedCallback(),this.range.setAttribute("aria-label",y("seek")),B(this,Ss).call(this),be(this,ki,this.getRootNode()),(e=B(this,ki))==null||e.addEventListener("transitionstart",this)}disconnectedCallback(){var e;super.disconnectedCallback(),B(this,vt).stop(),(e=B(this,ki))==null||e.removeEventListener("transitionstart",this),be(this,ki,null)}attributeChangedCallback(e,t,s){super.attributeChangedCallback(e,t,s),t!=s&&(e===o.MEDIA_CURRENT_TIME||e===o.MEDIA_PAUSED||e===o.MEDIA_ENDED||e===o.MEDIA_LOADING||e===o.MEDIA_DURATION||e===o.MEDIA_SEEKABLE?(B(this,vt).update({start:la(this),duration:this.mediaSeekableEnd-this.mediaSeekableStart,playbackRate:this.mediaPlaybackRate}),B(this,Ss).call(this),Gh(this)):e===o.MEDIA_BUFFERED&&this.updateBufferedBar(),(e===o.MEDIA_DURATION||e===o.MEDIA_SEEKABLE)&&(this.mediaChaptersCues=B(this,wi),this.updateBar()))}get mediaChaptersCues(){return B(this,wi)}set mediaChaptersCues(e){var t;be(this,wi,e),this.updateSegments((t=B(this,wi))==null?void 0:t.map(s=>({start:la(this,s.startTime),end:la(this,s.endTime)})))}get mediaPaused(){return k(this,o.MEDIA_PAUSED)}set mediaPaused(e){w(this,o.MEDIA_PAUSED,e)}get mediaLoading(){return k(this,o.MEDIA_LOADING)}set mediaLoading(e){w(this,o.MEDIA_LOADING,e)}get mediaDuration(){return X(this,o.MEDIA_DURATION)}set mediaDuration(e){J(this,o.MEDIA_DURATION,e)}get mediaCurrentTime(){return X(this,o.MEDIA_CURRENT_TIME)}set mediaCurrentTime(e){J(this,o.MEDIA_CURRENT_TIME,e)}get mediaPlaybackRate(){return X(this,o.MEDIA_PLAYBACK_RATE,1)}set mediaPlaybackRate(e){J(this,o.MEDIA_PLAYBACK_RATE,e)}get mediaBuffered(){let e=this.getAttribute(o.MEDIA_BUFFERED);return e?e.split(" ").map(t=>t.split(":").map(s=>+s)):[]}set mediaBuffered(e){if(!e){this.removeAttribute(o.MEDIA_BUFFERED);return}let t=e.map(s=>s.join(":")).join(" ");this.setAttribute(o.MEDIA_BUFFERED,t)}get mediaSeekable(){let e=this.getAttribute(o.MEDIA_SEEKABLE);if(e)return e.split(":").map(t=>+t)}set mediaSeekable(e){if(e==null){this.removeAttribute(o.MEDIA_SEEKABLE);return}this.setAttribute(o.MEDIA_SEEKABLE,e.join(":"))}get mediaSeekableEnd(){var e;let[,t=this.mediaDuration]=(e=this.mediaSeekable)!=null?e:[];return t}get mediaSeekableStart(){var e;let[t=0]=(e=this.mediaSeekable)!=null?e:[];return t}get mediaPreviewImage(){return C(this,o.MEDIA_PREVIEW_IMAGE)}set mediaPreviewImage(e){R(this,o.MEDIA_PREVIEW_IMAGE,e)}get mediaPreviewTime(){return X(this,o.MEDIA_PREVIEW_TIME)}set mediaPreviewTime(e){J(this,o.MEDIA_PREVIEW_TIME,e)}get mediaEnded(){return k(this,o.MEDIA_ENDED)}set mediaEnded(e){w(this,o.MEDIA_ENDED,e)}updateBar(){super.updateBar(),this.updateBufferedBar(),this.updateCurrentBox()}updateBufferedBar(){var e;let t=this.mediaBuffered;if(!t.length)return;let s;if(this.mediaEnded)s=1;else{let a=this.mediaCurrentTime,[,n=this.mediaSeekableStart]=(e=t.find(([l,d])=>l<=a&&a<=d))!=null?e:[];s=la(this,n)}let{style:r}=$(this.shadowRoot,"#buffered");r.setProperty("width",`${s*100}%`)}updateCurrentBox(){if(!this.shadowRoot.querySelector('slot[name="current"]').assignedElements().length)return;let t=$(this.shadowRoot,"#current-rail"),s=$(this.shadowRoot,'[part~="current-box"]'),r=ye(this,ha,oo).call(this,B(this,da)),a=ye(this,ma,lo).call(this,r,this.range.valueAsNumber),n=ye(this,pa,co).call(this,r,this.range.valueAsNumber);t.style.transform=`translateX(${a})`,t.style.setProperty("--_range-width",`${r.range.width}`),s.style.setProperty("--_box-shift",`${n}`),s.style.setProperty("--_box-width",`${r.box.width}px`),s.style.setProperty("visibility","initial")}handleEvent(e){switch(super.handleEvent(e),e.type){case"input":ye(this,ao,wc).call(this);break;case"pointermove":ye(this,ro,kc).call(this,e);break;case"pointerup":B(this,Ii)&&be(this,Ii,!1);break;case"pointerdown":be(this,Ii,!0);break;case"pointerleave":ye(this,Ms,fa).call(this,null);break;case"transitionstart":ae(e.target,this)&&setTimeout(()=>B(this,Ss).call(this),0);break}}};ki=new WeakMap;vt=new WeakMap;ca=new WeakMap;ks=new WeakMap;ua=new WeakMap;da=new WeakMap;ws=new WeakMap;Is=new WeakMap;wi=new WeakMap;Ii=new WeakMap;Ss=new WeakMap;io=new WeakSet;Sc=function(){return this.isConnected&&!this.mediaPaused&&!this.mediaLoading&&!this.mediaEnded&&this.mediaSeekableEnd>0&&pr(this)};so=new WeakMap;ha=new WeakSet;oo=function(i){var e;let s=((e=this.getAttribute("bounds")?Ue(this,`#${this.getAttribute("bounds")}`):this.parentElement)!=null?e:this).getBoundingClientRect(),r=this.range.getBoundingClientRect(),a=i.offsetWidth,n=-(r.left-s.left-a/2),l=s.right-r.left-a/2;return{box:{width:a,min:n,max:l},bounds:s,range:r}};ma=new WeakSet;lo=function(i,e){let t=`${e*100}%`,{width:s,min:r,max:a}=i.box;if(!s)return t;if(Number.isNaN(r)||(t=`max(${`calc(1 / var(--_range-width) * 100 * ${r}% + var(--media-box-padding-left))`}, ${t})`),!Number.isNaN(a)){let l=`calc(1 / var(--_range-width) * 100 * ${a}% - var(--media-box-padding-right))`;t=`min(${t}, ${l})`}return t};pa=new WeakSet;co=function(i,e){let{width:t,min:s,max:r}=i.box,a=e*i.range.width;if(a<s+B(this,ws)){let n=i.range.left-i.bounds.left-B(this,ws);return`${a-t/2+n}px`}if(a>r-B(this,Is)){let n=i.bounds.right-i.range.right-B(this,Is);return`${a+t/2-n-i.range.width}px`}return 0};ro=new WeakSet;kc=function(i){let e=[...B(this,ca)].some(g=>i.composedPath().includes(g));if(!this.dragging&&(e||!i.composedPath().includes(this))){ye(this,Ms,fa).call(this,null);return}let t=this.mediaSeekableEnd;if(!t)return;let s=$(this.shadowRoot,"#preview-rail"),r=$(this.shadowRoot,'[part~="preview-box"]'),a=ye(this,ha,oo).call(this,B(this,ua)),n=(i.clientX-a.range.left)/a.range.width;n=Math.max(0,Math.min(1,n));let l=ye(this,ma,lo).call(this,a,n),d=ye(this,pa,co).call(this,a,n);s.style.transform=`translateX(${l})`,s.style.setProperty("--_range-width",`${a.range.width}`),r.style.setProperty("--_box-shift",`${d}`),r.style.setProperty("--_box-width",`${a.box.width}px`);let u=Math.round(B(this,ks))-Math.round(n*t);Math.abs(u)<1&&n>.01&&n<.99||(be(this,ks,n*t),ye(this,Ms,fa).call(this,B(this,ks)))};Ms=new WeakSet;fa=function(i){this.dispatchEvent(new c.CustomEvent(v.MEDIA_PREVIEW_REQUEST,{composed:!0,bubbles:!0,detail:i}))};ao=new WeakSet;wc=function(){B(this,vt).stop();let i=Ic(this);this.dispatchEvent(new c.CustomEvent(v.MEDIA_SEEK_REQUEST,{composed:!0,bubbles:!0,detail:i}))};Ls.shadowRootOptions={mode:"open"};Ls.getContainerTemplateHTML=zh;c.customElements.get("media-time-range")||c.customElements.define("media-time-range",Ls);var mo=(i,e,t)=>{if(!e.has(i))throw TypeError("Cannot "+t)},xe=(i,e,t)=>(mo(i,e,"read from private field"),t?t.call(i):e.get(i)),Gt=(i,e,t)=>{if(e.has(i))throw TypeError("Cannot add the same private member more than once");e instanceof WeakSet?e.add(i):e.set(i,t)},po=(i,e,t,s)=>(mo(i,e,"write to private field"),s?s.call(i,t):e.set(i,t),t),Et=(i,e,t)=>(mo(i,e,"access private method"),t),Mi,Ve,ba,fo,Lc,Ea,vo,Rs,va,ga,uo,gt={REMAINING:"remaining",SHOW_DURATION:"showduration",NO_TOGGLE:"notoggle"},Mc=[...Object.values(gt),o.MEDIA_CURRENT_TIME,o.MEDIA_DURATION,o.MEDIA_SEEKABLE],Rc=["Enter"," "],Yh="&nbsp;/&nbsp;",ho=(i,{timesSep:e=Yh}={})=>{var t,s;let r=(t=i.mediaCurrentTime)!=null?t:0,[,a]=(s=i.mediaSeekable)!=null?s:[],n=0;Number.isFinite(i.mediaDuration)?n=i.mediaDuration:Number.isFinite(a)&&(n=a);let l=i.remaining?qt(0-(n-r)):qt(r);return i.showDuration?`${l}${e}${qt(n)}`:l},Qh=i=>{var e;let t=i.mediaCurrentTime,[,s]=(e=i.mediaSeekable)!=null?e:[],r=null;if(Number.isFinite(i.mediaDuration)?r=i.mediaDuration:Number.isFinite(s)&&(r=s),t==null||r===null){i.setAttribute("aria-description",y("video not loaded, unknown time."));return}let a=i.remaining?Vt(0-(r-t)):Vt(t);if(!i.showDuration){i.setAttribute("aria-description",a);return}let n=Vt(r),l=y("{currentTime} of {totalTime}",{currentTime:a,totalTime:n});i.setAttribute("aria-description",l)};function Zh(i,e){return`
    <slot>${ho(e)}</slot>
  `}var Xh=i=>{i.setAttribute("aria-label",y("playback time"))},_a=class extends _e{constructor(){super(),Gt(this,fo),Gt(this,Ea),Gt(this,Rs),Gt(this,ga),Gt(this,Mi,void 0),Gt(this,Ve,null),Gt(this,ba,e=>{let{metaKey:t,altKey:s,key:r}=e;if(t||s||!Rc.includes(r)){this.removeEventListener("keyup",xe(this,Ve));return}this.addEventListener("keyup",xe(this,Ve))}),po(this,Mi,this.shadowRoot.querySelector("slot")),xe(this,Mi).innerHTML=`${ho(this)}`}static get observedAttributes(){return[...super.observedAttributes,...Mc,"disabled"]}connectedCallback(){let{style:e}=$(this.shadowRoot,":host(:hover:not([notoggle]))");e.setProperty("cursor","var(--media-cursor, pointer)"),e.setProperty("background","var(--media-control-hover-background, rgba(50 50 70 / .7))"),this.setAttribute("aria-label",y("playback time")),Et(this,Rs,va).call(this),super.connectedCallback()}toggleTimeDisplay(){this.noToggle||(this.hasAttribute("remaining")?this.removeAttribute("remaining"):this.setAttribute("remaining",""))}disconnectedCallback(){this.disable(),Et(this,Ea,vo).call(this),super.disconnectedCallback()}attributeChangedCallback(e,t,s){Xh(this),Mc.includes(e)?this.update():e==="disabled"&&s!==t?s==null?Et(this,Rs,va).call(this):Et(this,ga,uo).call(this):e===gt.NO_TOGGLE&&s!==t&&(this.noToggle?Et(this,ga,uo).call(this):Et(this,Rs,va).call(this)),super.attributeChangedCallback(e,t,s)}enable(){this.noToggle||(this.tabIndex=0)}disable(){this.tabIndex=-1}get remaining(){return k(this,gt.REMAINING)}set remaining(e){w(this,gt.REMAINING,e)}get showDuration(){return k(this,gt.SHOW_DURATION)}set showDuration(e){w(this,gt.SHOW_DURATION,e)}get noToggle(){return k(this,gt.NO_TOGGLE)}set noToggle(e){w(this,gt.NO_TOGGLE,e)}get mediaDuration(){return X(this,o.MEDIA_DURATION)}set mediaDuration(e){J(this,o.MEDIA_DURATION,e)}get mediaCurrentTime(){return X(this,o.MEDIA_CURRENT_TIME)}set mediaCurrentTime(e){J(this,o.MEDIA_CURRENT_TIME,e)}get mediaSeekable(){let e=this.getAttribute(o.MEDIA_SEEKABLE);if(e)return e.split(":").map(t=>+t)}set mediaSeekable(e){if(e==null){this.removeAttribute(o.MEDIA_SEEKABLE);return}this.setAttribute(o.MEDIA_SEEKABLE,e.join(":"))}update(){let e=ho(this);Qh(this),e!==xe(this,Mi).innerHTML&&(xe(this,Mi).innerHTML=e)}};Mi=new WeakMap;Ve=new WeakMap;ba=new WeakMap;fo=new WeakSet;Lc=function(){xe(this,Ve)||(po(this,Ve,i=>{let{key:e}=i;if(!Rc.includes(e)){this.removeEventListener("keyup",xe(this,Ve));return}this.toggleTimeDisplay()}),this.addEventListener("keydown",xe(this,ba)),this.addEventListener("click",this.toggleTimeDisplay))};Ea=new WeakSet;vo=function(){xe(this,Ve)&&(this.removeEventListener("keyup",xe(this,Ve)),this.removeEventListener("keydown",xe(this,ba)),this.removeEventListener("click",this.toggleTimeDisplay),po(this,Ve,null))};Rs=new WeakSet;va=function(){!this.noToggle&&!this.hasAttribute("disabled")&&(this.setAttribute("role","button"),this.enable(),Et(this,fo,Lc).call(this))};ga=new WeakSet;uo=function(){this.removeAttribute("role"),this.disable(),Et(this,Ea,vo).call(this)};_a.getSlotTemplateHTML=Zh;c.customElements.get("media-time-display")||c.customElements.define("media-time-display",_a);var Jh=`<svg aria-hidden="true" viewBox="0 0 24 24">
  <path d="M16.5 12A4.5 4.5 0 0 0 14 8v2.18l2.45 2.45a4.22 4.22 0 0 0 .05-.63Zm2.5 0a6.84 6.84 0 0 1-.54 2.64L20 16.15A8.8 8.8 0 0 0 21 12a9 9 0 0 0-7-8.77v2.06A7 7 0 0 1 19 12ZM4.27 3 3 4.27 7.73 9H3v6h4l5 5v-6.73l4.25 4.25A6.92 6.92 0 0 1 14 18.7v2.06A9 9 0 0 0 17.69 19l2 2.05L21 19.73l-9-9L4.27 3ZM12 4 9.91 6.09 12 8.18V4Z"/>
</svg>`,Cc=`<svg aria-hidden="true" viewBox="0 0 24 24">
  <path d="M3 9v6h4l5 5V4L7 9H3Zm13.5 3A4.5 4.5 0 0 0 14 8v8a4.47 4.47 0 0 0 2.5-4Z"/>
</svg>`,jh=`<svg aria-hidden="true" viewBox="0 0 24 24">
  <path d="M3 9v6h4l5 5V4L7 9H3Zm13.5 3A4.5 4.5 0 0 0 14 8v8a4.47 4.47 0 0 0 2.5-4ZM14 3.23v2.06a7 7 0 0 1 0 13.42v2.06a9 9 0 0 0 0-17.54Z"/>
</svg>`;function em(i){return`
    <style>
      :host(:not([${o.MEDIA_VOLUME_LEVEL}])) slot[name=icon] slot:not([name=high]),
      :host([${o.MEDIA_VOLUME_LEVEL}=high]) slot[name=icon] slot:not([name=high]) {
        display: none !important;
      }

      :host([${o.MEDIA_VOLUME_LEVEL}=off]) slot[name=icon] slot:not([name=off]) {
        display: none !important;
      }

      :host([${o.MEDIA_VOLUME_LEVEL}=low]) slot[name=icon] slot:not([name=low]) {
        display: none !important;
      }

      :host([${o.MEDIA_VOLUME_LEVEL}=medium]) slot[name=icon] slot:not([name=medium]) {
        display: none !important;
      }

      :host(:not([${o.MEDIA_VOLUME_LEVEL}=off])) slot[name=tooltip-unmute],
      :host([${o.MEDIA_VOLUME_LEVEL}=off]) slot[name=tooltip-mute] {
        display: none;
      }
    </style>

    <slot name="icon">
      <slot name="off">${Jh}</slot>
      <slot name="low">${Cc}</slot>
      <slot name="medium">${Cc}</slot>
      <slot name="high">${jh}</slot>
    </slot>
  `}function tm(){return`
    <slot name="tooltip-mute">${y("Mute")}</slot>
    <slot name="tooltip-unmute">${y("Unmute")}</slot>
  `}var xc=i=>{let t=i.mediaVolumeLevel==="off"?y("unmute"):y("mute");i.setAttribute("aria-label",t)},Cs=class extends Y{static get observedAttributes(){return[...super.observedAttributes,o.MEDIA_VOLUME_LEVEL]}connectedCallback(){super.connectedCallback(),xc(this)}attributeChangedCallback(e,t,s){super.attributeChangedCallback(e,t,s),e===o.MEDIA_VOLUME_LEVEL&&xc(this)}get mediaVolumeLevel(){return C(this,o.MEDIA_VOLUME_LEVEL)}set mediaVolumeLevel(e){R(this,o.MEDIA_VOLUME_LEVEL,e)}handleClick(){let e=this.mediaVolumeLevel==="off"?v.MEDIA_UNMUTE_REQUEST:v.MEDIA_MUTE_REQUEST;this.dispatchEvent(new c.CustomEvent(e,{composed:!0,bubbles:!0}))}};Cs.getSlotTemplateHTML=em;Cs.getTooltipContentHTML=tm;c.customElements.get("media-mute-button")||c.customElements.define("media-mute-button",Cs);var im=(i,e,t)=>{if(!e.has(i))throw TypeError("Cannot "+t)},Dc=(i,e,t)=>(im(i,e,"read from private field"),t?t.call(i):e.get(i)),sm=(i,e,t)=>{if(e.has(i))throw TypeError("Cannot add the same private member more than once");e instanceof WeakSet?e.add(i):e.set(i,t)},ya,rm=1,am=i=>i.mediaMuted?0:i.mediaVolume,nm=i=>`${Math.round(i*100)}%`,go=class extends He{constructor(){super(...arguments),sm(this,ya,()=>{let e=this.range.value,t=new c.CustomEvent(v.MEDIA_VOLUME_REQUEST,{composed:!0,bubbles:!0,detail:e});this.dispatchEvent(t)})}static get observedAttributes(){return[...super.observedAttributes,o.MEDIA_VOLUME,o.MEDIA_MUTED,o.MEDIA_VOLUME_UNAVAILABLE]}connectedCallback(){super.connectedCallback(),this.range.setAttribute("aria-label",y("volume")),this.range.addEventListener("input",Dc(this,ya))}disconnectedCallback(){this.range.removeEventListener("input",Dc(this,ya)),super.disconnectedCallback()}attributeChangedCallback(e,t,s){super.attributeChangedCallback(e,t,s),(e===o.MEDIA_VOLUME||e===o.MEDIA_MUTED)&&(this.range.valueAsNumber=am(this),this.range.setAttribute("aria-valuetext",nm(this.range.valueAsNumber)),this.updateBar())}get mediaVolume(){return X(this,o.MEDIA_VOLUME,rm)}set mediaVolume(e){J(this,o.MEDIA_VOLUME,e)}get mediaMuted(){return k(this,o.MEDIA_MUTED)}set mediaMuted(e){w(this,o.MEDIA_MUTED,e)}get mediaVolumeUnavailable(){return C(this,o.MEDIA_VOLUME_UNAVAILABLE)}set mediaVolumeUnavailable(e){R(this,o.MEDIA_VOLUME_UNAVAILABLE,e)}};ya=new WeakMap;c.customElements.get("media-volume-range")||c.customElements.define("media-volume-range",go);var Oc=(i,e,t)=>{if(!e.has(i))throw TypeError("Cannot "+t)},om=(i,e,t)=>(Oc(i,e,"read from private field"),t?t.call(i):e.get(i)),lm=(i,e,t)=>{if(e.has(i))throw TypeError("Cannot add the same private member more than once");e instanceof WeakSet?e.add(i):e.set(i,t)},dm=(i,e,t,s)=>(Oc(i,e,"write to private field"),s?s.call(i,t):e.set(i,t),t),Aa,cm=`<svg aria-hidden="true" viewBox="0 0 26 24">
  <path d="M16 3v2.5h3.5V9H22V3h-6ZM4 9h2.5V5.5H10V3H4v6Zm15.5 9.5H16V21h6v-6h-2.5v3.5ZM6.5 15H4v6h6v-2.5H6.5V15Z"/>
</svg>`,um=`<svg aria-hidden="true" viewBox="0 0 26 24">
  <path d="M18.5 6.5V3H16v6h6V6.5h-3.5ZM16 21h2.5v-3.5H22V15h-6v6ZM4 17.5h3.5V21H10v-6H4v2.5Zm3.5-11H4V9h6V3H7.5v3.5Z"/>
</svg>`;function hm(i){return`
    <style>
      :host([${o.MEDIA_IS_FULLSCREEN}]) slot[name=icon] slot:not([name=exit]) {
        display: none !important;
      }

      
      :host(:not([${o.MEDIA_IS_FULLSCREEN}])) slot[name=icon] slot:not([name=enter]) {
        display: none !important;
      }

      :host([${o.MEDIA_IS_FULLSCREEN}]) slot[name=tooltip-enter],
      :host(:not([${o.MEDIA_IS_FULLSCREEN}])) slot[name=tooltip-exit] {
        display: none;
      }
    </style>

    <slot name="icon">
      <slot name="enter">${cm}</slot>
      <slot name="exit">${um}</slot>
    </slot>
  `}function mm(){return`
    <slot name="tooltip-enter">${y("Enter fullscreen mode")}</slot>
    <slot name="tooltip-exit">${y("Exit fullscreen mode")}</slot>
  `}var Uc=i=>{let e=i.mediaIsFullscreen?y("exit fullscreen mode"):y("enter fullscreen mode");i.setAttribute("aria-label",e)},xs=class extends Y{constructor(){super(...arguments),lm(this,Aa,null)}static get observedAttributes(){return[...super.observedAttributes,o.MEDIA_IS_FULLSCREEN,o.MEDIA_FULLSCREEN_UNAVAILABLE]}connectedCallback(){super.connectedCallback(),Uc(this)}attributeChangedCallback(e,t,s){super.attributeChangedCallback(e,t,s),e===o.MEDIA_IS_FULLSCREEN&&Uc(this)}get mediaFullscreenUnavailable(){return C(this,o.MEDIA_FULLSCREEN_UNAVAILABLE)}set mediaFullscreenUnavailable(e){R(this,o.MEDIA_FULLSCREEN_UNAVAILABLE,e)}get mediaIsFullscreen(){return k(this,o.MEDIA_IS_FULLSCREEN)}set mediaIsFullscreen(e){w(this,o.MEDIA_IS_FULLSCREEN,e)}handleClick(e){dm(this,Aa,e);let t=om(this,Aa)instanceof PointerEvent,s=this.mediaIsFullscreen?new c.CustomEvent(v.MEDIA_EXIT_FULLSCREEN_REQUEST,{composed:!0,bubbles:!0}):new c.CustomEvent(v.MEDIA_ENTER_FULLSCREEN_REQUEST,{composed:!0,bubbles:!0,detail:t});this.dispatchEvent(s)}};Aa=new WeakMap;xs.getSlotTemplateHTML=hm;xs.getTooltipContentHTML=mm;c.customElements.get("media-fullscreen-button")||c.customElements.define("media-fullscreen-button",xs);var Pc=`<svg aria-hidden="true" viewBox="0 0 28 24">
  <path d="M24 3H4a1 1 0 0 0-1 1v16a1 1 0 0 0 1 1h20a1 1 0 0 0 1-1V4a1 1 0 0 0-1-1Zm-1 16H5V5h18v14Zm-3-8h-7v5h7v-5Z"/>
</svg>`;function pm(i){return`
    <style>
      :host([${o.MEDIA_IS_PIP}]) slot[name=icon] slot:not([name=exit]) {
        display: none !important;
      }

      :host(:not([${o.MEDIA_IS_PIP}])) slot[name=icon] slot:not([name=enter]) {
        display: none !important;
      }

      :host([${o.MEDIA_IS_PIP}]) slot[name=tooltip-enter],
      :host(:not([${o.MEDIA_IS_PIP}])) slot[name=tooltip-exit] {
        display: none;
      }
    </style>

    <slot name="icon">
      <slot name="enter">${Pc}</slot>
      <slot name="exit">${Pc}</slot>
    </slot>
  `}function fm(){return`
    <slot name="tooltip-enter">${y("Enter picture in picture mode")}</slot>
    <slot name="tooltip-exit">${y("Exit picture in picture mode")}</slot>
  `}var $c=i=>{let e=i.mediaIsPip?y("exit picture in picture mode"):y("enter picture in picture mode");i.setAttribute("aria-label",e)},Ds=class extends Y{static get observedAttributes(){return[...super.observedAttributes,o.MEDIA_IS_PIP,o.MEDIA_PIP_UNAVAILABLE]}connectedCallback(){super.connectedCallback(),$c(this)}attributeChangedCallback(e,t,s){super.attributeChangedCallback(e,t,s),e===o.MEDIA_IS_PIP&&$c(this)}get mediaPipUnavailable(){return C(this,o.MEDIA_PIP_UNAVAILABLE)}set mediaPipUnavailable(e){R(this,o.MEDIA_PIP_UNAVAILABLE,e)}get mediaIsPip(){return k(this,o.MEDIA_IS_PIP)}set mediaIsPip(e){w(this,o.MEDIA_IS_PIP,e)}handleClick(){let e=this.mediaIsPip?v.MEDIA_EXIT_PIP_REQUEST:v.MEDIA_ENTER_PIP_REQUEST;this.dispatchEvent(new c.CustomEvent(e,{composed:!0,bubbles:!0}))}};Ds.getSlotTemplateHTML=pm;Ds.getTooltipContentHTML=fm;c.customElements.get("media-pip-button")||c.customElements.define("media-pip-button",Ds);var qe={PLACEHOLDER_SRC:"placeholdersrc",SRC:"src"};function vm(i){return`
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
  `}var gm=i=>{i.style.removeProperty("background-image")},Em=(i,e)=>{i.style["background-image"]=`url('${e}')`},Us=class extends c.HTMLElement{static get observedAttributes(){return[qe.PLACEHOLDER_SRC,qe.SRC]}constructor(){if(super(),!this.shadowRoot){this.attachShadow(this.constructor.shadowRootOptions);let e=N(this.attributes);this.shadowRoot.innerHTML=this.constructor.getTemplateHTML(e)}this.image=this.shadowRoot.querySelector("#image")}attributeChangedCallback(e,t,s){e===qe.SRC&&(s==null?this.image.removeAttribute(qe.SRC):this.image.setAttribute(qe.SRC,s)),e===qe.PLACEHOLDER_SRC&&(s==null?gm(this.image):Em(this.image,s))}get placeholderSrc(){return C(this,qe.PLACEHOLDER_SRC)}set placeholderSrc(e){R(this,qe.SRC,e)}get src(){return C(this,qe.SRC)}set src(e){R(this,qe.SRC,e)}};Us.shadowRootOptions={mode:"open"};Us.getTemplateHTML=vm;c.customElements.get("media-poster-image")||c.customElements.define("media-poster-image",Us);var Hc=(i,e,t)=>{if(!e.has(i))throw TypeError("Cannot "+t)},Os=(i,e,t)=>(Hc(i,e,"read from private field"),t?t.call(i):e.get(i)),Nc=(i,e,t)=>{if(e.has(i))throw TypeError("Cannot add the same private member more than once");e instanceof WeakSet?e.add(i):e.set(i,t)},Ps=(i,e,t,s)=>(Hc(i,e,"write to private field"),s?s.call(i,t):e.set(i,t),t),Ke,Sa,Ta={LOADING_DELAY:"loadingdelay",NO_AUTOHIDE:"noautohide"},Bc=500,_m=`
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
`;function bm(i){return`
    <style>
      :host {
        display: var(--media-control-display, var(--media-loading-indicator-display, inline-block));
        vertical-align: middle;
        box-sizing: border-box;
        --_loading-indicator-delay: var(--media-loading-indicator-transition-delay, ${Bc}ms);
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

      :host([${o.MEDIA_LOADING}]:not([${o.MEDIA_PAUSED}])) slot[name=icon] > *,
      :host([${o.MEDIA_LOADING}]:not([${o.MEDIA_PAUSED}])) ::slotted([slot=icon]) {
        opacity: var(--media-loading-indicator-opacity, 1);
        transition: opacity 0.15s var(--_loading-indicator-delay);
      }

      :host #status {
        visibility: var(--media-loading-indicator-opacity, hidden);
        transition: visibility 0.15s;
      }

      :host([${o.MEDIA_LOADING}]:not([${o.MEDIA_PAUSED}])) #status {
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

    <slot name="icon">${_m}</slot>
    <div id="status" role="status" aria-live="polite">${y("media loading")}</div>
  `}var $s=class extends c.HTMLElement{constructor(){if(super(),Nc(this,Ke,void 0),Nc(this,Sa,Bc),!this.shadowRoot){this.attachShadow(this.constructor.shadowRootOptions);let e=N(this.attributes);this.shadowRoot.innerHTML=this.constructor.getTemplateHTML(e)}}static get observedAttributes(){return[I.MEDIA_CONTROLLER,o.MEDIA_PAUSED,o.MEDIA_LOADING,Ta.LOADING_DELAY]}attributeChangedCallback(e,t,s){var r,a,n,l,d;e===Ta.LOADING_DELAY&&t!==s?this.loadingDelay=Number(s):e===I.MEDIA_CONTROLLER&&(t&&((a=(r=Os(this,Ke))==null?void 0:r.unassociateElement)==null||a.call(r,this),Ps(this,Ke,null)),s&&this.isConnected&&(Ps(this,Ke,(n=this.getRootNode())==null?void 0:n.getElementById(s)),(d=(l=Os(this,Ke))==null?void 0:l.associateElement)==null||d.call(l,this)))}connectedCallback(){var e,t,s;let r=this.getAttribute(I.MEDIA_CONTROLLER);r&&(Ps(this,Ke,(e=this.getRootNode())==null?void 0:e.getElementById(r)),(s=(t=Os(this,Ke))==null?void 0:t.associateElement)==null||s.call(t,this))}disconnectedCallback(){var e,t;(t=(e=Os(this,Ke))==null?void 0:e.unassociateElement)==null||t.call(e,this),Ps(this,Ke,null)}get loadingDelay(){return Os(this,Sa)}set loadingDelay(e){Ps(this,Sa,e);let{style:t}=$(this.shadowRoot,":host");t.setProperty("--_loading-indicator-delay",`var(--media-loading-indicator-transition-delay, ${e}ms)`)}get mediaPaused(){return k(this,o.MEDIA_PAUSED)}set mediaPaused(e){w(this,o.MEDIA_PAUSED,e)}get mediaLoading(){return k(this,o.MEDIA_LOADING)}set mediaLoading(e){w(this,o.MEDIA_LOADING,e)}get mediaController(){return C(this,I.MEDIA_CONTROLLER)}set mediaController(e){R(this,I.MEDIA_CONTROLLER,e)}get noAutohide(){return k(this,Ta.NO_AUTOHIDE)}set noAutohide(e){w(this,Ta.NO_AUTOHIDE,e)}};Ke=new WeakMap;Sa=new WeakMap;$s.shadowRootOptions={mode:"open"};$s.getTemplateHTML=bm;c.customElements.get("media-loading-indicator")||c.customElements.define("media-loading-indicator",$s);var ym=(i,e,t)=>{if(!e.has(i))throw TypeError("Cannot "+t)},Li=(i,e,t)=>(ym(i,e,"read from private field"),t?t.call(i):e.get(i)),Am=(i,e,t)=>{if(e.has(i))throw TypeError("Cannot add the same private member more than once");e instanceof WeakSet?e.add(i):e.set(i,t)},_t,Eo={RATES:"rates"},Tm=[1,1.2,1.5,1.7,2],Ns=1;function _o(i){return Math.round(i*100)/100}function Sm(i){return`
    <style>
      :host {
        min-width: 5ch;
        padding: var(--media-button-padding, var(--media-control-padding, 10px 5px));
      }
    </style>
    <slot name="icon">${i.mediaplaybackrate?_o(+i.mediaplaybackrate):Ns}x</slot>
  `}function km(){return y("Playback rate")}var Hs=class extends Y{constructor(){var e;super(),Am(this,_t,new mi(this,Eo.RATES,{defaultValue:Tm})),this.container=this.shadowRoot.querySelector('slot[name="icon"]'),this.container.innerHTML=`${_o((e=this.mediaPlaybackRate)!=null?e:Ns)}x`}static get observedAttributes(){return[...super.observedAttributes,o.MEDIA_PLAYBACK_RATE,Eo.RATES]}attributeChangedCallback(e,t,s){if(super.attributeChangedCallback(e,t,s),e===Eo.RATES&&(Li(this,_t).value=s),e===o.MEDIA_PLAYBACK_RATE){let r=s?+s:Number.NaN,a=_o(Number.isNaN(r)?Ns:r);this.container.innerHTML=`${a}x`,this.setAttribute("aria-label",y("Playback rate {playbackRate}",{playbackRate:a}))}}get rates(){return Li(this,_t)}set rates(e){e?Array.isArray(e)?Li(this,_t).value=e.join(" "):typeof e=="string"&&(Li(this,_t).value=e):Li(this,_t).value=""}get mediaPlaybackRate(){return X(this,o.MEDIA_PLAYBACK_RATE,Ns)}set mediaPlaybackRate(e){J(this,o.MEDIA_PLAYBACK_RATE,e)}handleClick(){var e,t;let s=Array.from(Li(this,_t).values(),n=>+n).sort((n,l)=>n-l),r=(t=(e=s.find(n=>n>this.mediaPlaybackRate))!=null?e:s[0])!=null?t:Ns,a=new c.CustomEvent(v.MEDIA_PLAYBACK_RATE_REQUEST,{composed:!0,bubbles:!0,detail:r});this.dispatchEvent(a)}};_t=new WeakMap;Hs.getSlotTemplateHTML=Sm;Hs.getTooltipContentHTML=km;c.customElements.get("media-playback-rate-button")||c.customElements.define("media-playback-rate-button",Hs);var bt=class extends Event{constructor({action:e="auto",relatedTarget:t,...s}){super("invoke",s),this.action=e,this.relatedTarget=t}},ka=class extends Event{constructor({newState:e,oldState:t,...s}){super("toggle",s),this.newState=e,this.oldState=t}};var ko=(i,e,t)=>{if(!e.has(i))throw TypeError("Cannot "+t)},oe=(i,e,t)=>(ko(i,e,"read from private field"),t?t.call(i):e.get(i)),st=(i,e,t)=>{if(e.has(i))throw TypeError("Cannot add the same private member more than once");e instanceof WeakSet?e.add(i):e.set(i,t)},bo=(i,e,t,s)=>(ko(i,e,"write to private field"),s?s.call(i,t):e.set(i,t),t),Ci=(i,e,t)=>(ko(i,e,"access private method"),t),wa,Ws,yo,Wc,Ma,wo,Io,Fc,Ge,Ri,Ao,Ia,To;function wm(i){return`
    <style>
      :host {
        transition: var(--media-menu-item-transition,
          background .15s linear,
          opacity .2s ease-in-out
        );
        outline: var(--media-menu-item-outline, 0);
        outline-offset: var(--media-menu-item-outline-offset, -1px);
        cursor: var(--media-cursor, pointer);
        display: flex;
        align-items: center;
        align-self: stretch;
        justify-self: stretch;
        white-space: nowrap;
        white-space-collapse: collapse;
        text-wrap: nowrap;
        padding: .4em .8em .4em 1em;
      }

      :host(:focus-visible) {
        box-shadow: var(--media-menu-item-focus-shadow, inset 0 0 0 2px rgb(27 127 204 / .9));
        outline: var(--media-menu-item-hover-outline, 0);
        outline-offset: var(--media-menu-item-hover-outline-offset,  var(--media-menu-item-outline-offset, -1px));
      }

      :host(:hover) {
        cursor: var(--media-cursor, pointer);
        background: var(--media-menu-item-hover-background, rgb(92 92 102 / .5));
        outline: var(--media-menu-item-hover-outline);
        outline-offset: var(--media-menu-item-hover-outline-offset,  var(--media-menu-item-outline-offset, -1px));
      }

      :host([aria-checked="true"]) {
        background: var(--media-menu-item-checked-background);
      }

      :host([hidden]) {
        display: none;
      }

      :host([disabled]) {
        pointer-events: none;
        color: rgba(255, 255, 255, .3);
      }

      slot:not([name]) {
        width: 100%;
      }

      slot:not([name="submenu"]) {
        display: inline-flex;
        align-items: center;
        transition: inherit;
        opacity: var(--media-menu-item-opacity, 1);
      }

      slot[name="description"] {
        justify-content: end;
      }

      slot[name="description"] > span {
        display: inline-block;
        margin-inline: 1em .2em;
        max-width: var(--media-menu-item-description-max-width, 100px);
        text-overflow: ellipsis;
        overflow: hidden;
        font-size: .8em;
        font-weight: 400;
        text-align: right;
        position: relative;
        top: .04em;
      }

      slot[name="checked-indicator"] {
        display: none;
      }

      :host(:is([role="menuitemradio"],[role="menuitemcheckbox"])) slot[name="checked-indicator"] {
        display: var(--media-menu-item-checked-indicator-display, inline-block);
      }

      
      svg, img, ::slotted(svg), ::slotted(img) {
        height: var(--media-menu-item-icon-height, var(--media-control-height, 24px));
        fill: var(--media-icon-color, var(--media-primary-color, rgb(238 238 238)));
        display: block;
      }

      
      [part~="indicator"],
      ::slotted([part~="indicator"]) {
        fill: var(--media-menu-item-indicator-fill,
          var(--media-icon-color, var(--media-primary-color, rgb(238 238 238))));
        height: var(--media-menu-item-indicator-height, 1.25em);
        margin-right: .5ch;
      }

      [part~="checked-indicator"] {
        visibility: hidden;
      }

      :host([aria-checked="true"]) [part~="checked-indicator"] {
        visibility: visible;
      }
    </style>
    <slot name="checked-indicator">
      <svg aria-hidden="true" viewBox="0 1 24 24" part="checked-indicator indicator">
        <path d="m10 15.17 9.193-9.191 1.414 1.414-10.606 10.606-6.364-6.364 1.414-1.414 4.95 4.95Z"/>
      </svg>
    </slot>
    <slot name="prefix"></slot>
    <slot></slot>
    <slot name="description"></slot>
    <slot name="suffix">
      ${this.getSuffixSlotInnerHTML(i)}
    </slot>
    <slot name="submenu"></slot>
  `}function Im(i){return""}var Ae={TYPE:"type",VALUE:"value",CHECKED:"checked",DISABLED:"disabled"},xi=class extends c.HTMLElement{constructor(){if(super(),st(this,yo),st(this,Ma),st(this,Io),st(this,Ia),st(this,wa,!1),st(this,Ws,void 0),st(this,Ge,()=>{var e,t;this.submenuElement.items&&this.setAttribute("submenusize",`${this.submenuElement.items.length}`);let s=this.shadowRoot.querySelector('slot[name="description"]'),r=(e=this.submenuElement.checkedItems)==null?void 0:e[0],a=(t=r?.dataset.description)!=null?t:r?.text,n=H.createElement("span");n.textContent=a??"",s.replaceChildren(n)}),st(this,Ri,e=>{let{key:t}=e;if(!this.keysUsed.includes(t)){this.removeEventListener("keyup",oe(this,Ri));return}this.handleClick(e)}),st(this,Ao,e=>{let{metaKey:t,altKey:s,key:r}=e;if(t||s||!this.keysUsed.includes(r)){this.removeEventListener("keyup",oe(this,Ri));return}this.addEventListener("keyup",oe(this,Ri),{once:!0})}),!this.shadowRoot){this.attachShadow(this.constructor.shadowRootOptions);let e=N(this.attributes);this.shadowRoot.innerHTML=this.constructor.getTemplateHTML(e)}}static get observedAttributes(){return[Ae.TYPE,Ae.DISABLED,Ae.CHECKED,Ae.VALUE]}enable(){this.hasAttribute("tabindex")||this.setAttribute("tabindex","-1"),Bs(this)&&!this.hasAttribute("aria-checked")&&this.setAttribute("aria-checked","false"),this.addEventListener("click",this),this.addEventListener("keydown",this)}disable(){this.removeAttribute("tabindex"),this.removeEventListener("click",this),this.removeEventListener("keydown",this),this.removeEventListener("keyup",this)}handleEvent(e){switch(e.type){case"slotchange":Ci(this,yo,Wc).call(this,e);break;case"click":this.handleClick(e);break;case"keydown":oe(this,Ao).call(this,e);break;case"keyup":oe(this,Ri).call(this,e);break}}attributeChangedCallback(e,t,s){e===Ae.CHECKED&&Bs(this)&&!oe(this,wa)?this.setAttribute("aria-checked",s!=null?"true":"false"):e===Ae.TYPE&&s!==t?this.role="menuitem"+s:e===Ae.DISABLED&&s!==t&&(s==null?this.enable():this.disable())}connectedCallback(){this.hasAttribute(Ae.DISABLED)||this.enable(),this.role="menuitem"+this.type,bo(this,Ws,So(this,this.parentNode)),Ci(this,Ia,To).call(this),this.submenuElement&&Ci(this,Ma,wo).call(this),this.shadowRoot.addEventListener("slotchange",this)}disconnectedCallback(){this.disable(),Ci(this,Ia,To).call(this),bo(this,Ws,null),this.shadowRoot.removeEventListener("slotchange",this)}get invokeTarget(){return this.getAttribute("invoketarget")}set invokeTarget(e){this.setAttribute("invoketarget",`${e}`)}get invokeTargetElement(){var e;return this.invokeTarget?(e=Ct(this))==null?void 0:e.querySelector(`#${this.invokeTarget}`):this.submenuElement}get submenuElement(){return this.shadowRoot.querySelector('slot[name="submenu"]').assignedElements({flatten:!0})[0]}get type(){var e;return(e=this.getAttribute(Ae.TYPE))!=null?e:""}set type(e){this.setAttribute(Ae.TYPE,`${e}`)}get value(){var e;return(e=this.getAttribute(Ae.VALUE))!=null?e:this.text}set value(e){this.setAttribute(Ae.VALUE,e)}get text(){var e;return((e=this.textContent)!=null?e:"").trim()}get checked(){if(Bs(this))return this.getAttribute("aria-checked")==="true"}set checked(e){Bs(this)&&(bo(this,wa,!0),this.setAttribute("aria-checked",e?"true":"false"),e?this.part.add("checked"):this.part.remove("checked"))}handleClick(e){Bs(this)||this.invokeTargetElement&&ae(this,e.target)&&this.invokeTargetElement.dispatchEvent(new bt({relatedTarget:this}))}get keysUsed(){return["Enter"," "]}};wa=new WeakMap;Ws=new WeakMap;yo=new WeakSet;Wc=function(i){let e=i.target;if(!e?.name)for(let s of e.assignedNodes({flatten:!0}))s instanceof Text&&s.textContent.trim()===""&&s.remove();e.name==="submenu"&&(this.submenuElement?Ci(this,Ma,wo).call(this):Ci(this,Io,Fc).call(this))};Ma=new WeakSet;wo=async function(){this.setAttribute("aria-haspopup","menu"),this.setAttribute("aria-expanded",`${!this.submenuElement.hidden}`),this.submenuElement.addEventListener("change",oe(this,Ge)),this.submenuElement.addEventListener("addmenuitem",oe(this,Ge)),this.submenuElement.addEventListener("removemenuitem",oe(this,Ge)),oe(this,Ge).call(this)};Io=new WeakSet;Fc=function(){this.removeAttribute("aria-haspopup"),this.removeAttribute("aria-expanded"),this.submenuElement.removeEventListener("change",oe(this,Ge)),this.submenuElement.removeEventListener("addmenuitem",oe(this,Ge)),this.submenuElement.removeEventListener("removemenuitem",oe(this,Ge)),oe(this,Ge).call(this)};Ge=new WeakMap;Ri=new WeakMap;Ao=new WeakMap;Ia=new WeakSet;To=function(){var i;let e=(i=oe(this,Ws))==null?void 0:i.radioGroupItems;if(!e)return;let t=e.filter(s=>s.getAttribute("aria-checked")==="true").pop();t||(t=e[0]);for(let s of e)s.setAttribute("aria-checked","false");t?.setAttribute("aria-checked","true")};xi.shadowRootOptions={mode:"open"};xi.getTemplateHTML=wm;xi.getSuffixSlotInnerHTML=Im;function Bs(i){return i.type==="radio"||i.type==="checkbox"}function So(i,e){if(!i)return null;let{host:t}=i.getRootNode();return!e&&t?So(i,t):e?.items?e:So(e,e?.parentNode)}c.customElements.get("media-chrome-menu-item")||c.customElements.define("media-chrome-menu-item",xi);function Vc({anchor:i,floating:e,placement:t}){let s=Mm({anchor:i,floating:e}),{x:r,y:a}=Rm(s,t);return{x:r,y:a}}function Mm({anchor:i,floating:e}){return{anchor:Lm(i,e.offsetParent),floating:{x:0,y:0,width:e.offsetWidth,height:e.offsetHeight}}}function Lm(i,e){var t;let s=i.getBoundingClientRect(),r=(t=e?.getBoundingClientRect())!=null?t:{x:0,y:0};return{x:s.x-r.x,y:s.y-r.y,width:s.width,height:s.height}}function Rm({anchor:i,floating:e},t){let s=Cm(t)==="x"?"y":"x",r=s==="y"?"height":"width",a=qc(t),n=i.x+i.width/2-e.width/2,l=i.y+i.height/2-e.height/2,d=i[r]/2-e[r]/2,u;switch(a){case"top":u={x:n,y:i.y-e.height};break;case"bottom":u={x:n,y:i.y+i.height};break;case"right":u={x:i.x+i.width,y:l};break;case"left":u={x:i.x-e.width,y:l};break;default:u={x:i.x,y:i.y}}switch(t.split("-")[1]){case"start":u[s]-=d;break;case"end":u[s]+=d;break}return u}function qc(i){return i.split("-")[0]}function Cm(i){return["top","bottom"].includes(qc(i))?"y":"x"}var Ho=(i,e,t)=>{if(!e.has(i))throw TypeError("Cannot "+t)},D=(i,e,t)=>(Ho(i,e,"read from private field"),t?t.call(i):e.get(i)),O=(i,e,t)=>{if(e.has(i))throw TypeError("Cannot add the same private member more than once");e instanceof WeakSet?e.add(i):e.set(i,t)},Te=(i,e,t,s)=>(Ho(i,e,"write to private field"),s?s.call(i,t):e.set(i,t),t),P=(i,e,t)=>(Ho(i,e,"access private method"),t),ze,yt,rt,La,Fs,Yt,Ks,Mo,Kc,xa,Bo,Da,Ra,Lo,Ro,Gc,Co,zc,xo,Yc,Di,Ui,Oi,Gs,Ua,Wo,Do,Qc,Fo,Zc,Uo,Xc,Vo,Jc,Oo,jc,Po,eu,Vs,Oa,$o,tu,qs,Pa,Ca,No;function Ys({type:i,text:e,value:t,checked:s}){let r=H.createElement("media-chrome-menu-item");r.type=i??"",r.part.add("menu-item"),i&&r.part.add(i),r.value=t,r.checked=s;let a=H.createElement("span");return a.textContent=e,r.append(a),r}function Pi(i,e){let t=i.querySelector(`:scope > [slot="${e}"]`);if(t?.nodeName=="SLOT"&&(t=t.assignedElements({flatten:!0})[0]),t)return t=t.cloneNode(!0),t;let s=i.shadowRoot.querySelector(`[name="${e}"] > svg`);return s?s.cloneNode(!0):""}function xm(i){return`
    <style>
      :host {
        font: var(--media-font,
          var(--media-font-weight, normal)
          var(--media-font-size, 14px) /
          var(--media-text-content-height, var(--media-control-height, 24px))
          var(--media-font-family, helvetica neue, segoe ui, roboto, arial, sans-serif));
        color: var(--media-text-color, var(--media-primary-color, rgb(238 238 238)));
        --_menu-bg: rgb(20 20 30 / .8);
        background: var(--media-menu-background, var(--media-control-background, var(--media-secondary-color, var(--_menu-bg))));
        border-radius: var(--media-menu-border-radius);
        border: var(--media-menu-border, none);
        display: var(--media-menu-display, inline-flex) !important;
        
        transition: var(--media-menu-transition-in,
          visibility 0s,
          opacity .2s ease-out,
          transform .15s ease-out,
          left .2s ease-in-out,
          min-width .2s ease-in-out,
          min-height .2s ease-in-out
        ) !important;
        
        visibility: var(--media-menu-visibility, visible);
        opacity: var(--media-menu-opacity, 1);
        max-height: var(--media-menu-max-height, var(--_menu-max-height, 300px));
        transform: var(--media-menu-transform-in, translateY(0) scale(1));
        flex-direction: column;
        
        min-height: 0;
        position: relative;
        bottom: var(--_menu-bottom);
        box-sizing: border-box;
      } 

      @-moz-document url-prefix() {
        :host{
          --_menu-bg: rgb(20 20 30);
        }
      }

      :host([hidden]) {
        transition: var(--media-menu-transition-out,
          visibility .15s ease-in,
          opacity .15s ease-in,
          transform .15s ease-in
        ) !important;
        visibility: var(--media-menu-hidden-visibility, hidden);
        opacity: var(--media-menu-hidden-opacity, 0);
        max-height: var(--media-menu-hidden-max-height,
          var(--media-menu-max-height, var(--_menu-max-height, 300px)));
        transform: var(--media-menu-transform-out, translateY(2px) scale(.99));
        pointer-events: none;
      }

      :host([slot="submenu"]) {
        background: none;
        width: 100%;
        min-height: 100%;
        position: absolute;
        bottom: 0;
        right: -100%;
      }

      #container {
        display: flex;
        flex-direction: column;
        min-height: 0;
        transition: transform .2s ease-out;
        transform: translate(0, 0);
      }

      #container.has-expanded {
        transition: transform .2s ease-in;
        transform: translate(-100%, 0);
      }

      button {
        background: none;
        color: inherit;
        border: none;
        padding: 0;
        font: inherit;
        outline: inherit;
        display: inline-flex;
        align-items: center;
      }

      slot[name="header"][hidden] {
        display: none;
      }

      slot[name="header"] > *,
      slot[name="header"]::slotted(*) {
        padding: .4em .7em;
        border-bottom: 1px solid rgb(255 255 255 / .25);
        cursor: var(--media-cursor, default);
      }

      slot[name="header"] > button[part~="back"],
      slot[name="header"]::slotted(button[part~="back"]) {
        cursor: var(--media-cursor, pointer);
      }

      svg[part~="back"] {
        height: var(--media-menu-icon-height, var(--media-control-height, 24px));
        fill: var(--media-icon-color, var(--media-primary-color, rgb(238 238 238)));
        display: block;
        margin-right: .5ch;
      }

      slot:not([name]) {
        gap: var(--media-menu-gap);
        flex-direction: var(--media-menu-flex-direction, column);
        overflow: var(--media-menu-overflow, hidden auto);
        display: flex;
        min-height: 0;
      }

      :host([role="menu"]) slot:not([name]) {
        padding-block: .4em;
      }

      slot:not([name])::slotted([role="menu"]) {
        background: none;
      }

      media-chrome-menu-item > span {
        margin-right: .5ch;
        max-width: var(--media-menu-item-max-width);
        text-overflow: ellipsis;
        overflow: hidden;
      }
    </style>
    <style id="layout-row" media="width:0">

      slot[name="header"] > *,
      slot[name="header"]::slotted(*) {
        padding: .4em .5em;
      }

      slot:not([name]) {
        gap: var(--media-menu-gap, .25em);
        flex-direction: var(--media-menu-flex-direction, row);
        padding-inline: .5em;
      }

      media-chrome-menu-item {
        padding: .3em .5em;
      }

      media-chrome-menu-item[aria-checked="true"] {
        background: var(--media-menu-item-checked-background, rgb(255 255 255 / .2));
      }

      
      media-chrome-menu-item::part(checked-indicator) {
        display: var(--media-menu-item-checked-indicator-display, none);
      }
    </style>
    <div id="container" part="container">
      <slot name="header" hidden>
        <button part="back button" aria-label="Back to previous menu">
          <slot name="back-icon">
            <svg aria-hidden="true" viewBox="0 0 20 24" part="back indicator">
              <path d="m11.88 17.585.742-.669-4.2-4.665 4.2-4.666-.743-.669-4.803 5.335 4.803 5.334Z"/>
            </svg>
          </slot>
          <slot name="title"></slot>
        </button>
      </slot>
      <slot></slot>
    </div>
    <slot name="checked-indicator" hidden></slot>
  `}var zt={STYLE:"style",HIDDEN:"hidden",DISABLED:"disabled",ANCHOR:"anchor"},Ye=class extends c.HTMLElement{constructor(){if(super(),O(this,Mo),O(this,xa),O(this,Ra),O(this,Ro),O(this,Co),O(this,xo),O(this,Oi),O(this,Ua),O(this,Do),O(this,Fo),O(this,Uo),O(this,Vo),O(this,Oo),O(this,Po),O(this,Vs),O(this,$o),O(this,qs),O(this,Ca),O(this,ze,null),O(this,yt,null),O(this,rt,null),O(this,La,new Set),O(this,Fs,void 0),O(this,Yt,!1),O(this,Ks,null),O(this,Da,()=>{let e=D(this,La),t=new Set(this.items);for(let s of e)t.has(s)||this.dispatchEvent(new CustomEvent("removemenuitem",{detail:s}));for(let s of t)e.has(s)||this.dispatchEvent(new CustomEvent("addmenuitem",{detail:s}));Te(this,La,t)}),O(this,Di,()=>{P(this,Oi,Gs).call(this),P(this,Ua,Wo).call(this,!1)}),O(this,Ui,()=>{P(this,Oi,Gs).call(this)}),!this.shadowRoot){this.attachShadow(this.constructor.shadowRootOptions);let e=N(this.attributes);this.shadowRoot.innerHTML=this.constructor.getTemplateHTML(e)}this.container=this.shadowRoot.querySelector("#container"),this.defaultSlot=this.shadowRoot.querySelector("slot:not([name])"),Te(this,Fs,new MutationObserver(D(this,Da)))}static get observedAttributes(){return[zt.DISABLED,zt.HIDDEN,zt.STYLE,zt.ANCHOR,I.MEDIA_CONTROLLER]}static formatMenuItemText(e,t){return e}enable(){this.addEventListener("click",this),this.addEventListener("focusout",this),this.addEventListener("keydown",this),this.addEventListener("invoke",this),this.addEventListener("toggle",this)}disable(){this.removeEventListener("click",this),this.removeEventListener("focusout",this),this.removeEventListener("keyup",this),this.removeEventListener("invoke",this),this.removeEventListener("toggle",this)}handleEvent(e){switch(e.type){case"slotchange":P(this,Mo,Kc).call(this,e);break;case"invoke":P(this,Ro,Gc).call(this,e);break;case"click":P(this,Do,Qc).call(this,e);break;case"toggle":P(this,Uo,Xc).call(this,e);break;case"focusout":P(this,Oo,jc).call(this,e);break;case"keydown":P(this,Po,eu).call(this,e);break}}connectedCallback(){var e,t;D(this,Fs).observe(this.defaultSlot,{childList:!0}),Te(this,Ks,as(this.shadowRoot,":host")),P(this,Ra,Lo).call(this),this.hasAttribute("disabled")||this.enable(),this.role||(this.role="menu"),Te(this,ze,mr(this)),(t=(e=D(this,ze))==null?void 0:e.associateElement)==null||t.call(e,this),this.hidden||(Je(zs(this),D(this,Di)),Je(this,D(this,Ui))),P(this,xa,Bo).call(this),this.shadowRoot.addEventListener("slotchange",this)}disconnectedCallback(){var e,t;D(this,Fs).disconnect(),je(zs(this),D(this,Di)),je(this,D(this,Ui)),this.disable(),(t=(e=D(this,ze))==null?void 0:e.unassociateElement)==null||t.call(e,this),Te(this,ze,null),Te(this,yt,null),Te(this,rt,null),this.shadowRoot.removeEventListener("slotchange",this)}attributeChangedCallback(e,t,s){var r,a,n,l;e===zt.HIDDEN&&s!==t?(D(this,Yt)||Te(this,Yt,!0),this.hidden?P(this,xo,Yc).call(this):P(this,Co,zc).call(this),this.dispatchEvent(new ka({oldState:this.hidden?"open":"closed",newState:this.hidden?"closed":"open",bubbles:!0}))):e===I.MEDIA_CONTROLLER?(t&&((a=(r=D(this,ze))==null?void 0:r.unassociateElement)==null||a.call(r,this),Te(this,ze,null)),s&&this.isConnected&&(Te(this,ze,mr(this)),(l=(n=D(this,ze))==null?void 0:n.associateElement)==null||l.call(n,this))):e===zt.DISABLED&&s!==t?s==null?this.enable():this.disable():e===zt.STYLE&&s!==t&&P(this,Ra,Lo).call(this)}formatMenuItemText(e,t){return this.constructor.formatMenuItemText(e,t)}get anchor(){return this.getAttribute("anchor")}set anchor(e){this.setAttribute("anchor",`${e}`)}get anchorElement(){var e;return this.anchor?(e=Ct(this))==null?void 0:e.querySelector(`#${this.anchor}`):null}get items(){return this.defaultSlot.assignedElements({flatten:!0}).filter(Dm)}get radioGroupItems(){return this.items.filter(e=>e.role==="menuitemradio")}get checkedItems(){return this.items.filter(e=>e.checked)}get value(){var e,t;return(t=(e=this.checkedItems[0])==null?void 0:e.value)!=null?t:""}set value(e){let t=this.items.find(s=>s.value===e);t&&P(this,Ca,No).call(this,t)}focus(){if(Te(this,yt,rs()),this.items.length){P(this,qs,Pa).call(this,this.items[0]),this.items[0].focus();return}let e=this.querySelector('[autofocus], [tabindex]:not([tabindex="-1"]), [role="menu"]');e?.focus()}handleSelect(e){var t;let s=P(this,Vs,Oa).call(this,e);s&&(P(this,Ca,No).call(this,s,s.type==="checkbox"),D(this,rt)&&!this.hidden&&((t=D(this,yt))==null||t.focus(),this.hidden=!0))}get keysUsed(){return["Enter","Escape","Tab"," ","ArrowDown","ArrowUp","Home","End"]}handleMove(e){var t,s;let{key:r}=e,a=this.items,n=(s=(t=P(this,Vs,Oa).call(this,e))!=null?t:P(this,$o,tu).call(this))!=null?s:a[0],l=a.indexOf(n),d=Math.max(0,l);r==="ArrowDown"?d++:r==="ArrowUp"?d--:e.key==="Home"?d=0:e.key==="End"&&(d=a.length-1),d<0&&(d=a.length-1),d>a.length-1&&(d=0),P(this,qs,Pa).call(this,a[d]),a[d].focus()}};ze=new WeakMap;yt=new WeakMap;rt=new WeakMap;La=new WeakMap;Fs=new WeakMap;Yt=new WeakMap;Ks=new WeakMap;Mo=new WeakSet;Kc=function(i){let e=i.target;for(let t of e.assignedNodes({flatten:!0}))t.nodeType===3&&t.textContent.trim()===""&&t.remove();["header","title"].includes(e.name)&&P(this,xa,Bo).call(this),e.name||D(this,Da).call(this)};xa=new WeakSet;Bo=function(){let i=this.shadowRoot.querySelector('slot[name="header"]'),e=this.shadowRoot.querySelector('slot[name="title"]');i.hidden=e.assignedNodes().length===0&&i.assignedNodes().length===0};Da=new WeakMap;Ra=new WeakSet;Lo=function(){var i;let e=this.shadowRoot.querySelector("#layout-row"),t=(i=getComputedStyle(this).getPropertyValue("--media-menu-layout"))==null?void 0:i.trim();e.setAttribute("media",t==="row"?"":"width:0")};Ro=new WeakSet;Gc=function(i){Te(this,rt,i.relatedTarget),ae(this,i.relatedTarget)||(this.hidden=!this.hidden)};Co=new WeakSet;zc=function(){var i;(i=D(this,rt))==null||i.setAttribute("aria-expanded","true"),this.addEventListener("transitionend",()=>this.focus(),{once:!0}),Je(zs(this),D(this,Di)),Je(this,D(this,Ui))};xo=new WeakSet;Yc=function(){var i;(i=D(this,rt))==null||i.setAttribute("aria-expanded","false"),je(zs(this),D(this,Di)),je(this,D(this,Ui))};Di=new WeakMap;Ui=new WeakMap;Oi=new WeakSet;Gs=function(i){if(this.hasAttribute("mediacontroller")&&!this.anchor||this.hidden||!this.anchorElement)return;let{x:e,y:t}=Vc({anchor:this.anchorElement,floating:this,placement:"top-start"});i??(i=this.offsetWidth);let r=zs(this).getBoundingClientRect(),a=r.width-e-i,n=r.height-t-this.offsetHeight,{style:l}=D(this,Ks);l.setProperty("position","absolute"),l.setProperty("right",`${Math.max(0,a)}px`),l.setProperty("--_menu-bottom",`${n}px`);let d=getComputedStyle(this),g=l.getPropertyValue("--_menu-bottom")===d.bottom?n:parseFloat(d.bottom),h=r.height-g-parseFloat(d.marginBottom);this.style.setProperty("--_menu-max-height",`${h}px`)};Ua=new WeakSet;Wo=function(i){let e=this.querySelector('[role="menuitem"][aria-haspopup][aria-expanded="true"]'),t=e?.querySelector('[role="menu"]'),{style:s}=D(this,Ks);if(i||s.setProperty("--media-menu-transition-in","none"),t){let r=t.offsetHeight,a=Math.max(t.offsetWidth,e.offsetWidth);this.style.setProperty("min-width",`${a}px`),this.style.setProperty("min-height",`${r}px`),P(this,Oi,Gs).call(this,a)}else this.style.removeProperty("min-width"),this.style.removeProperty("min-height"),P(this,Oi,Gs).call(this);s.removeProperty("--media-menu-transition-in")};Do=new WeakSet;Qc=function(i){var e;if(i.stopPropagation(),i.composedPath().includes(D(this,Fo,Zc))){(e=D(this,yt))==null||e.focus(),this.hidden=!0;return}let t=P(this,Vs,Oa).call(this,i);!t||t.hasAttribute("disabled")||(P(this,qs,Pa).call(this,t),this.handleSelect(i))};Fo=new WeakSet;Zc=function(){var i;return(i=this.shadowRoot.querySelector('slot[name="header"]').assignedElements({flatten:!0}))==null?void 0:i.find(t=>t.matches('button[part~="back"]'))};Uo=new WeakSet;Xc=function(i){if(i.target===this)return;P(this,Vo,Jc).call(this);let e=Array.from(this.querySelectorAll('[role="menuitem"][aria-haspopup]'));for(let t of e)t.invokeTargetElement!=i.target&&i.newState=="open"&&t.getAttribute("aria-expanded")=="true"&&!t.invokeTargetElement.hidden&&t.invokeTargetElement.dispatchEvent(new bt({relatedTarget:t}));for(let t of e)t.setAttribute("aria-expanded",`${!t.submenuElement.hidden}`);P(this,Ua,Wo).call(this,!0)};Vo=new WeakSet;Jc=function(){let e=this.querySelector('[role="menuitem"] > [role="menu"]:not([hidden])');this.container.classList.toggle("has-expanded",!!e)};Oo=new WeakSet;jc=function(i){var e;ae(this,i.relatedTarget)||(D(this,Yt)&&((e=D(this,yt))==null||e.focus()),D(this,rt)&&D(this,rt)!==i.relatedTarget&&!this.hidden&&(this.hidden=!0))};Po=new WeakSet;eu=function(i){var e,t,s,r,a;let{key:n,ctrlKey:l,altKey:d,metaKey:u}=i;if(!(l||d||u)&&this.keysUsed.includes(n))if(i.preventDefault(),i.stopPropagation(),n==="Tab"){if(D(this,Yt)){this.hidden=!0;return}i.shiftKey?(t=(e=this.previousElementSibling)==null?void 0:e.focus)==null||t.call(e):(r=(s=this.nextElementSibling)==null?void 0:s.focus)==null||r.call(s),this.blur()}else n==="Escape"?((a=D(this,yt))==null||a.focus(),D(this,Yt)&&(this.hidden=!0)):n==="Enter"||n===" "?this.handleSelect(i):this.handleMove(i)};Vs=new WeakSet;Oa=function(i){return i.composedPath().find(e=>["menuitemradio","menuitemcheckbox"].includes(e.role))};$o=new WeakSet;tu=function(){return this.items.find(i=>i.tabIndex===0)};qs=new WeakSet;Pa=function(i){for(let e of this.items)e.tabIndex=e===i?0:-1};Ca=new WeakSet;No=function(i,e){let t=[...this.checkedItems];i.type==="radio"&&this.radioGroupItems.forEach(s=>s.checked=!1),e?i.checked=!i.checked:i.checked=!0,this.checkedItems.some((s,r)=>s!=t[r])&&this.dispatchEvent(new Event("change",{bubbles:!0,composed:!0}))};Ye.shadowRootOptions={mode:"open"};Ye.getTemplateHTML=xm;function Dm(i){return["menuitem","menuitemradio","menuitemcheckbox"].includes(i?.role)}function zs(i){var e;return(e=i.getAttribute("bounds")?Ue(i,`#${i.getAttribute("bounds")}`):Ee(i)||i.parentElement)!=null?e:i}c.customElements.get("media-chrome-menu")||c.customElements.define("media-chrome-menu",Ye);var zo=(i,e,t)=>{if(!e.has(i))throw TypeError("Cannot "+t)},Um=(i,e,t)=>(zo(i,e,"read from private field"),t?t.call(i):e.get(i)),qo=(i,e,t)=>{if(e.has(i))throw TypeError("Cannot add the same private member more than once");e instanceof WeakSet?e.add(i):e.set(i,t)},Om=(i,e,t,s)=>(zo(i,e,"write to private field"),s?s.call(i,t):e.set(i,t),t),$a=(i,e,t)=>(zo(i,e,"access private method"),t),Ba,Na,Ko,Ha,Go,Pm=`
  <svg aria-hidden="true" viewBox="0 0 26 24" part="captions-indicator indicator">
    <path d="M22.83 5.68a2.58 2.58 0 0 0-2.3-2.5c-3.62-.24-11.44-.24-15.06 0a2.58 2.58 0 0 0-2.3 2.5c-.23 4.21-.23 8.43 0 12.64a2.58 2.58 0 0 0 2.3 2.5c3.62.24 11.44.24 15.06 0a2.58 2.58 0 0 0 2.3-2.5c.23-4.21.23-8.43 0-12.64Zm-11.39 9.45a3.07 3.07 0 0 1-1.91.57 3.06 3.06 0 0 1-2.34-1 3.75 3.75 0 0 1-.92-2.67 3.92 3.92 0 0 1 .92-2.77 3.18 3.18 0 0 1 2.43-1 2.94 2.94 0 0 1 2.13.78c.364.359.62.813.74 1.31l-1.43.35a1.49 1.49 0 0 0-1.51-1.17 1.61 1.61 0 0 0-1.29.58 2.79 2.79 0 0 0-.5 1.89 3 3 0 0 0 .49 1.93 1.61 1.61 0 0 0 1.27.58 1.48 1.48 0 0 0 1-.37 2.1 2.1 0 0 0 .59-1.14l1.4.44a3.23 3.23 0 0 1-1.07 1.69Zm7.22 0a3.07 3.07 0 0 1-1.91.57 3.06 3.06 0 0 1-2.34-1 3.75 3.75 0 0 1-.92-2.67 3.88 3.88 0 0 1 .93-2.77 3.14 3.14 0 0 1 2.42-1 3 3 0 0 1 2.16.82 2.8 2.8 0 0 1 .73 1.31l-1.43.35a1.49 1.49 0 0 0-1.51-1.21 1.61 1.61 0 0 0-1.29.58A2.79 2.79 0 0 0 15 12a3 3 0 0 0 .49 1.93 1.61 1.61 0 0 0 1.27.58 1.44 1.44 0 0 0 1-.37 2.1 2.1 0 0 0 .6-1.15l1.4.44a3.17 3.17 0 0 1-1.1 1.7Z"/>
  </svg>`;function $m(i){return`
    ${Ye.getTemplateHTML(i)}
    <slot name="captions-indicator" hidden>${Pm}</slot>
  `}var Wa=class extends Ye{constructor(){super(...arguments),qo(this,Na),qo(this,Ha),qo(this,Ba,void 0)}static get observedAttributes(){return[...super.observedAttributes,o.MEDIA_SUBTITLES_LIST,o.MEDIA_SUBTITLES_SHOWING]}attributeChangedCallback(e,t,s){super.attributeChangedCallback(e,t,s),e===o.MEDIA_SUBTITLES_LIST&&t!==s?$a(this,Na,Ko).call(this):e===o.MEDIA_SUBTITLES_SHOWING&&t!==s&&(this.value=s||"",$a(this,Na,Ko).call(this))}connectedCallback(){super.connectedCallback(),this.addEventListener("change",$a(this,Ha,Go))}disconnectedCallback(){super.disconnectedCallback(),this.removeEventListener("change",$a(this,Ha,Go))}get anchorElement(){return this.anchor!=="auto"?super.anchorElement:Ee(this).querySelector("media-captions-menu-button")}get mediaSubtitlesList(){return iu(this,o.MEDIA_SUBTITLES_LIST)}set mediaSubtitlesList(e){su(this,o.MEDIA_SUBTITLES_LIST,e)}get mediaSubtitlesShowing(){return iu(this,o.MEDIA_SUBTITLES_SHOWING)}set mediaSubtitlesShowing(e){su(this,o.MEDIA_SUBTITLES_SHOWING,e)}};Ba=new WeakMap;Na=new WeakSet;Ko=function(){var i;let e=Um(this,Ba)!==JSON.stringify(this.mediaSubtitlesList),t=this.value!==this.getAttribute(o.MEDIA_SUBTITLES_SHOWING);if(!e&&!t)return;Om(this,Ba,JSON.stringify(this.mediaSubtitlesList)),this.defaultSlot.textContent="";let s=!this.value,r=Ys({type:"radio",text:this.formatMenuItemText(y("Off")),value:"off",checked:s});r.prepend(Pi(this,"checked-indicator")),this.defaultSlot.append(r);let a=this.mediaSubtitlesList;for(let n of a){let l=Ys({type:"radio",text:this.formatMenuItemText(n.label,n),value:Mr(n),checked:this.value==Mr(n)});l.prepend(Pi(this,"checked-indicator")),((i=n.kind)!=null?i:"subs")==="captions"&&l.append(Pi(this,"captions-indicator")),this.defaultSlot.append(l)}};Ha=new WeakSet;Go=function(){let i=this.mediaSubtitlesShowing,e=this.getAttribute(o.MEDIA_SUBTITLES_SHOWING),t=this.value!==e;if(i?.length&&t&&this.dispatchEvent(new c.CustomEvent(v.MEDIA_DISABLE_SUBTITLES_REQUEST,{composed:!0,bubbles:!0,detail:i})),!this.value||!t)return;let s=new c.CustomEvent(v.MEDIA_SHOW_SUBTITLES_REQUEST,{composed:!0,bubbles:!0,detail:this.value});this.dispatchEvent(s)};Wa.getTemplateHTML=$m;var iu=(i,e)=>{let t=i.getAttribute(e);return t?ps(t):[]},su=(i,e,t)=>{if(!t?.length){i.removeAttribute(e);return}let s=$t(t);i.getAttribute(e)!==s&&i.setAttribute(e,s)};c.customElements.get("media-captions-menu")||c.customElements.define("media-captions-menu",Wa);var Qt=class extends Y{connectedCallback(){super.connectedCallback(),this.invokeTargetElement&&this.setAttribute("aria-haspopup","menu")}get invokeTarget(){return this.getAttribute("invoketarget")}set invokeTarget(e){this.setAttribute("invoketarget",`${e}`)}get invokeTargetElement(){var e;return this.invokeTarget?(e=Ct(this))==null?void 0:e.querySelector(`#${this.invokeTarget}`):null}handleClick(){var e;(e=this.invokeTargetElement)==null||e.dispatchEvent(new bt({relatedTarget:this}))}};c.customElements.get("media-chrome-menu-button")||c.customElements.define("media-chrome-menu-button",Qt);var Nm=`<svg aria-hidden="true" viewBox="0 0 26 24">
  <path d="M22.83 5.68a2.58 2.58 0 0 0-2.3-2.5c-3.62-.24-11.44-.24-15.06 0a2.58 2.58 0 0 0-2.3 2.5c-.23 4.21-.23 8.43 0 12.64a2.58 2.58 0 0 0 2.3 2.5c3.62.24 11.44.24 15.06 0a2.58 2.58 0 0 0 2.3-2.5c.23-4.21.23-8.43 0-12.64Zm-11.39 9.45a3.07 3.07 0 0 1-1.91.57 3.06 3.06 0 0 1-2.34-1 3.75 3.75 0 0 1-.92-2.67 3.92 3.92 0 0 1 .92-2.77 3.18 3.18 0 0 1 2.43-1 2.94 2.94 0 0 1 2.13.78c.364.359.62.813.74 1.31l-1.43.35a1.49 1.49 0 0 0-1.51-1.17 1.61 1.61 0 0 0-1.29.58 2.79 2.79 0 0 0-.5 1.89 3 3 0 0 0 .49 1.93 1.61 1.61 0 0 0 1.27.58 1.48 1.48 0 0 0 1-.37 2.1 2.1 0 0 0 .59-1.14l1.4.44a3.23 3.23 0 0 1-1.07 1.69Zm7.22 0a3.07 3.07 0 0 1-1.91.57 3.06 3.06 0 0 1-2.34-1 3.75 3.75 0 0 1-.92-2.67 3.88 3.88 0 0 1 .93-2.77 3.14 3.14 0 0 1 2.42-1 3 3 0 0 1 2.16.82 2.8 2.8 0 0 1 .73 1.31l-1.43.35a1.49 1.49 0 0 0-1.51-1.21 1.61 1.61 0 0 0-1.29.58A2.79 2.79 0 0 0 15 12a3 3 0 0 0 .49 1.93 1.61 1.61 0 0 0 1.27.58 1.44 1.44 0 0 0 1-.37 2.1 2.1 0 0 0 .6-1.15l1.4.44a3.17 3.17 0 0 1-1.1 1.7Z"/>
</svg>`,Hm=`<svg aria-hidden="true" viewBox="0 0 26 24">
  <path d="M17.73 14.09a1.4 1.4 0 0 1-1 .37 1.579 1.579 0 0 1-1.27-.58A3 3 0 0 1 15 12a2.8 2.8 0 0 1 .5-1.85 1.63 1.63 0 0 1 1.29-.57 1.47 1.47 0 0 1 1.51 1.2l1.43-.34A2.89 2.89 0 0 0 19 9.07a3 3 0 0 0-2.14-.78 3.14 3.14 0 0 0-2.42 1 3.91 3.91 0 0 0-.93 2.78 3.74 3.74 0 0 0 .92 2.66 3.07 3.07 0 0 0 2.34 1 3.07 3.07 0 0 0 1.91-.57 3.17 3.17 0 0 0 1.07-1.74l-1.4-.45c-.083.43-.3.822-.62 1.12Zm-7.22 0a1.43 1.43 0 0 1-1 .37 1.58 1.58 0 0 1-1.27-.58A3 3 0 0 1 7.76 12a2.8 2.8 0 0 1 .5-1.85 1.63 1.63 0 0 1 1.29-.57 1.47 1.47 0 0 1 1.51 1.2l1.43-.34a2.81 2.81 0 0 0-.74-1.32 2.94 2.94 0 0 0-2.13-.78 3.18 3.18 0 0 0-2.43 1 4 4 0 0 0-.92 2.78 3.74 3.74 0 0 0 .92 2.66 3.07 3.07 0 0 0 2.34 1 3.07 3.07 0 0 0 1.91-.57 3.23 3.23 0 0 0 1.07-1.74l-1.4-.45a2.06 2.06 0 0 1-.6 1.07Zm12.32-8.41a2.59 2.59 0 0 0-2.3-2.51C18.72 3.05 15.86 3 13 3c-2.86 0-5.72.05-7.53.17a2.59 2.59 0 0 0-2.3 2.51c-.23 4.207-.23 8.423 0 12.63a2.57 2.57 0 0 0 2.3 2.5c1.81.13 4.67.19 7.53.19 2.86 0 5.72-.06 7.53-.19a2.57 2.57 0 0 0 2.3-2.5c.23-4.207.23-8.423 0-12.63Zm-1.49 12.53a1.11 1.11 0 0 1-.91 1.11c-1.67.11-4.45.18-7.43.18-2.98 0-5.76-.07-7.43-.18a1.11 1.11 0 0 1-.91-1.11c-.21-4.14-.21-8.29 0-12.43a1.11 1.11 0 0 1 .91-1.11C7.24 4.56 10 4.49 13 4.49s5.76.07 7.43.18a1.11 1.11 0 0 1 .91 1.11c.21 4.14.21 8.29 0 12.43Z"/>
</svg>`;function Bm(){return`
    <style>
      :host([data-captions-enabled="true"]) slot[name=off] {
        display: none !important;
      }

      
      :host(:not([data-captions-enabled="true"])) slot[name=on] {
        display: none !important;
      }

      :host([aria-expanded="true"]) slot[name=tooltip] {
        display: none;
      }
    </style>

    <slot name="icon">
      <slot name="on">${Nm}</slot>
      <slot name="off">${Hm}</slot>
    </slot>
  `}function Wm(){return y("Captions")}var ru=i=>{i.setAttribute("data-captions-enabled",$d(i).toString())},au=i=>{i.setAttribute("aria-label",y("closed captions"))},Qs=class extends Qt{static get observedAttributes(){return[...super.observedAttributes,o.MEDIA_SUBTITLES_LIST,o.MEDIA_SUBTITLES_SHOWING,o.MEDIA_LANG]}connectedCallback(){super.connectedCallback(),au(this),ru(this)}attributeChangedCallback(e,t,s){super.attributeChangedCallback(e,t,s),e===o.MEDIA_SUBTITLES_SHOWING?ru(this):e===o.MEDIA_LANG&&au(this)}get invokeTargetElement(){var e;return this.invokeTarget!=null?super.invokeTargetElement:(e=Ee(this))==null?void 0:e.querySelector("media-captions-menu")}get mediaSubtitlesList(){return nu(this,o.MEDIA_SUBTITLES_LIST)}set mediaSubtitlesList(e){ou(this,o.MEDIA_SUBTITLES_LIST,e)}get mediaSubtitlesShowing(){return nu(this,o.MEDIA_SUBTITLES_SHOWING)}set mediaSubtitlesShowing(e){ou(this,o.MEDIA_SUBTITLES_SHOWING,e)}};Qs.getSlotTemplateHTML=Bm;Qs.getTooltipContentHTML=Wm;var nu=(i,e)=>{let t=i.getAttribute(e);return t?ps(t):[]},ou=(i,e,t)=>{if(!t?.length){i.removeAttribute(e);return}let s=$t(t);i.getAttribute(e)!==s&&i.setAttribute(e,s)};c.customElements.get("media-captions-menu-button")||c.customElements.define("media-captions-menu-button",Qs);var Jo=(i,e,t)=>{if(!e.has(i))throw TypeError("Cannot "+t)},lu=(i,e,t)=>(Jo(i,e,"read from private field"),t?t.call(i):e.get(i)),Fa=(i,e,t)=>{if(e.has(i))throw TypeError("Cannot add the same private member more than once");e instanceof WeakSet?e.add(i):e.set(i,t)},Yo=(i,e,t,s)=>(Jo(i,e,"write to private field"),s?s.call(i,t):e.set(i,t),t),Va=(i,e,t)=>(Jo(i,e,"access private method"),t),Zs,Ga,qa,Qo,Ka,Zo,Xo=class extends Ye{constructor(){super(...arguments),Fa(this,qa),Fa(this,Ka),Fa(this,Zs,[]),Fa(this,Ga,void 0)}static get observedAttributes(){return[...super.observedAttributes,o.MEDIA_AUDIO_TRACK_LIST,o.MEDIA_AUDIO_TRACK_ENABLED,o.MEDIA_AUDIO_TRACK_UNAVAILABLE]}attributeChangedCallback(e,t,s){super.attributeChangedCallback(e,t,s),e===o.MEDIA_AUDIO_TRACK_ENABLED&&t!==s?this.value=s:e===o.MEDIA_AUDIO_TRACK_LIST&&t!==s&&(Yo(this,Zs,Ud(s??"")),Va(this,qa,Qo).call(this))}connectedCallback(){super.connectedCallback(),this.addEventListener("change",Va(this,Ka,Zo))}disconnectedCallback(){super.disconnectedCallback(),this.removeEventListener("change",Va(this,Ka,Zo))}get anchorElement(){var e;return this.anchor!=="auto"?super.anchorElement:(e=Ee(this))==null?void 0:e.querySelector("media-audio-track-menu-button")}get mediaAudioTrackList(){return lu(this,Zs)}set mediaAudioTrackList(e){Yo(this,Zs,e),Va(this,qa,Qo).call(this)}get mediaAudioTrackEnabled(){var e;return(e=C(this,o.MEDIA_AUDIO_TRACK_ENABLED))!=null?e:""}set mediaAudioTrackEnabled(e){R(this,o.MEDIA_AUDIO_TRACK_ENABLED,e)}};Zs=new WeakMap;Ga=new WeakMap;qa=new WeakSet;Qo=function(){if(lu(this,Ga)===JSON.stringify(this.mediaAudioTrackList))return;Yo(this,Ga,JSON.stringify(this.mediaAudioTrackList));let i=this.mediaAudioTrackList;this.defaultSlot.textContent="",i.sort((e,t)=>e.id.localeCompare(t.id,void 0,{numeric:!0}));for(let e of i){let t=this.formatMenuItemText(e.label,e),s=Ys({type:"radio",text:t,value:`${e.id}`,checked:e.enabled});s.prepend(Pi(this,"checked-indicator")),this.defaultSlot.append(s)}};Ka=new WeakSet;Zo=function(){if(this.value==null)return;let i=new c.CustomEvent(v.MEDIA_AUDIO_TRACK_REQUEST,{composed:!0,bubbles:!0,detail:this.value});this.dispatchEvent(i)};c.customElements.get("media-audio-track-menu")||c.customElements.define("media-audio-track-menu",Xo);var Fm=`<svg aria-hidden="true" viewBox="0 0 24 24">
  <path d="M11 17H9.5V7H11v10Zm-3-3H6.5v-4H8v4Zm6-5h-1.5v6H14V9Zm3 7h-1.5V8H17v8Z"/>
  <path d="M22 12c0 5.523-4.477 10-10 10S2 17.523 2 12 6.477 2 12 2s10 4.477 10 10Zm-2 0a8 8 0 1 0-16 0 8 8 0 0 0 16 0Z"/>
</svg>`;function Vm(){return`
    <style>
      :host([aria-expanded="true"]) slot[name=tooltip] {
        display: none;
      }
    </style>
    <slot name="icon">${Fm}</slot>
  `}function qm(){return y("Audio")}var du=i=>{let e=y("Audio");i.setAttribute("aria-label",e)},Xs=class extends Qt{static get observedAttributes(){return[...super.observedAttributes,o.MEDIA_AUDIO_TRACK_ENABLED,o.MEDIA_AUDIO_TRACK_UNAVAILABLE]}connectedCallback(){super.connectedCallback(),du(this)}attributeChangedCallback(e,t,s){super.attributeChangedCallback(e,t,s),e===o.MEDIA_LANG&&du(this)}get invokeTargetElement(){var e;return this.invokeTarget!=null?super.invokeTargetElement:(e=Ee(this))==null?void 0:e.querySelector("media-audio-track-menu")}get mediaAudioTrackEnabled(){var e;return(e=C(this,o.MEDIA_AUDIO_TRACK_ENABLED))!=null?e:""}set mediaAudioTrackEnabled(e){R(this,o.MEDIA_AUDIO_TRACK_ENABLED,e)}};Xs.getSlotTemplateHTML=Vm;Xs.getTooltipContentHTML=qm;c.customElements.get("media-audio-track-menu-button")||c.customElements.define("media-audio-track-menu-button",Xs);var Js,jo=class{constructor(e,t,s,r,a){this.id=t;this.label=s;this.language=r;this._enabled=!1;Ll(this,Js);Rl(this,Js,e),this.kind=a?"main":"translation"}get enabled(){return this._enabled}set enabled(e){e&&!this._enabled&&Ml(this,Js).select(this)}_set(e){this._enabled=e}};Js=new WeakMap;var za=class extends EventTarget{constructor(t){super();this.onSelect=t;this.tracks=[]}get length(){return this.tracks.length}[Symbol.iterator](){return this.tracks[Symbol.iterator]()}item(t){return this.tracks[t]??null}getTrackById(t){return this.tracks.find(s=>s.id===t)??null}reset(t,s){for(let r of this.tracks)this.dispatchEvent(Object.assign(new Event("removetrack"),{track:r}));this.tracks=t.map(r=>new jo(this,r.id,r.label,r.language,r.default)),this.tracks.forEach((r,a)=>r._set(a===s));for(let r of this.tracks)this.dispatchEvent(Object.assign(new Event("addtrack"),{track:r}))}mark(t){let s=!1;this.tracks.forEach((r,a)=>{r.enabled!==(a===t)&&(s=!0),r._set(a===t)}),s&&this.dispatchEvent(new Event("change"))}select(t){let s=this.tracks.indexOf(t);s<0||(this.mark(s),this.onSelect(s))}};var cu=["abort","canplay","canplaythrough","durationchange","emptied","ended","error","loadeddata","loadedmetadata","loadstart","pause","play","playing","progress","ratechange","resize","seeked","seeking","stalled","suspend","timeupdate","volumechange","waiting","enterpictureinpicture","leavepictureinpicture"],js=null;function Km(){return js||(js=import(At.hlsSrc||new URL("./hls.js",import.meta.url).href).then(e=>e.default||e.Hls),js.catch(()=>js=null)),js}var At=class extends q{constructor(){super();this._hls=null;this._audio=new za(t=>{this._hls&&(this._hls.audioTrack=t)});this._metrics=null;this._themeSheet=null;this._recovered=0;this._sourceSeq=0;this._sourceReady=Promise.resolve();this._wantedSub=null;this.color=null,this.theme=null,this.controls=null,this.subtitles=null,this.activeSubtitle=null,this.autoplay=!1,this.muted=!1,this.loop=!1,this.poster=null,this.quality=null,this.start=null,this.metrics=null,this.preferPlayback=null,this._ended=!1;let t=document.createElement("video");t.setAttribute("slot","media"),t.setAttribute("part","video"),t.setAttribute("playsinline",""),t.setAttribute("crossorigin","anonymous"),t.setAttribute("preload","metadata"),"audioTracks"in t||Object.defineProperty(t,"audioTracks",{value:this._audio,configurable:!0});for(let s of cu)t.addEventListener(s,()=>this.dispatchEvent(new Event(s)));t.addEventListener("loadedmetadata",()=>this._showSubtitle(this._wantedSub)),t.addEventListener("ended",()=>this._ended=!0),t.addEventListener("play",()=>this._ended=!1),t.addEventListener("seeking",()=>this._ended=!1),t.addEventListener("error",()=>{if(this._hls)return;t.error&&this._state==="ready"&&this._fail(new F(0,"media","The video could not be played."))}),this.media=t}async play(){if(this._state!=="ready"&&!await this.load())throw new DOMException(this._message||"not playable","NotSupportedError");return await this._sourceReady,this.media.play()}pause(){this.media.pause()}get currentTime(){return this.media.currentTime}set currentTime(t){this.media.currentTime=t}get duration(){let t=this.media.duration;return Number.isFinite(t)?t:this._info?.duration??NaN}get paused(){return this.media.paused}get ended(){return this.media.ended}get volume(){return this.media.volume}set volume(t){this.media.volume=t}get playbackRate(){return this.media.playbackRate}set playbackRate(t){this.media.playbackRate=t}get readyState(){return this.media.readyState}get buffered(){return this.media.buffered}get textTracks(){return this.media.textTracks}get audioTracks(){return this.media.audioTracks}get audioTrack(){for(let t of Array.from(this.audioTracks))if(t.enabled)return t.language||t.id;return null}set audioTrack(t){if(!t)return;let s=Array.from(this.audioTracks),r=s.find(a=>a.id===t)||s.find(a=>a.language&&De(a.language,t));r&&(r.enabled=!0)}get subtitleTrack(){let t=Array.from(this.media.textTracks).find(s=>s.mode==="showing"&&(s.kind==="subtitles"||s.kind==="captions"));return t?t.language:null}set subtitleTrack(t){this._showSubtitle(t&&t!=="off"?t:null)}get hls(){return this._hls}reset(){super.reset(),this._teardown(),this._ended=!1}disconnectedCallback(){super.disconnectedCallback(),this._metrics?.destroy(),this._metrics=null}connectedCallback(){super.connectedCallback(),this._info&&!this._metrics&&this._startMetrics(this._info)}_teardown(){this._sourceSeq++,this._hls?.destroy(),this._hls=null,this._metrics?.destroy(),this._metrics=null,this._audio.reset([],-1);for(let t of Array.from(this.media.querySelectorAll("track")))t.remove();this.media.removeAttribute("src");try{this.media.load()}catch{}}updated(t){if(super.updated(t),t.has("muted")&&(this.media.muted=this.muted),t.has("loop")&&(this.media.loop=this.loop),t.has("autoplay")&&(this.media.autoplay=this.autoplay),t.has("theme")&&this._loadTheme(),t.has("quality")&&this._hls&&this._applyCap(),this._info&&!t.has("_info")){if(t.has("subtitles"))this._addTextTracks(this._info);else if(t.has("activeSubtitle")){let s=this._info.audio_tracks?.find(r=>r.default)?.language;this._showSubtitle(Qa(this._info.subtitles||[],this.subtitles,this.activeSubtitle,s).active)}}if(t.has("_info")||t.has("_state")){let s=this._info?.title;this.setAttribute("role","region"),this.setAttribute("aria-label",s?`Video: ${s}`:"Video player");let[r,a]=this._info?[this._info.width,this._info.height]:[0,0];r>0&&a>0&&!this.style.getPropertyValue("--reel-aspect-ratio")&&this.style.setProperty("--reel-aspect-ratio",`${r} / ${a}`)}}async onInfo(t){let s;this._sourceReady=new Promise(r=>s=r);try{await this._attach(t)}finally{s()}}async _attach(t){let s=++this._sourceSeq,r=this.media;r.muted=this.muted,r.loop=this.loop,this._addTextTracks(t),this._startMetrics(t);let a=this.start&&this.start>0?this.start:0,n=t.urls.hls;if(this._useNative())r.src=n,a&&r.addEventListener("loadedmetadata",()=>r.currentTime=a,{once:!0});else{let l;try{l=await Km()}catch{l=null}if(s!==this._sourceSeq)return;if(!l||!l.isSupported()){let d=[...t.renditions||[]].sort((u,g)=>u.width-g.width)[0];if(!d)return this._fail(new F(0,"media","This browser cannot play this video."));r.src=d.url,a&&r.addEventListener("loadedmetadata",()=>r.currentTime=a,{once:!0})}else{let d=new l({startPosition:a||-1,subtitleStreamController:void 0,subtitleTrackController:void 0,timelineController:void 0,enableWebVTT:!1,enableCEA708Captions:!1,capLevelToPlayerSize:!1,backBufferLength:60});this._hls=d;let u=l.Events;d.on(u.MANIFEST_PARSED,()=>this._applyCap()),d.on(u.AUDIO_TRACKS_UPDATED,()=>{let g=d.audioTracks.map((h,p)=>{let f=t.audio_tracks?.find(b=>b.language&&h.lang&&De(b.language,h.lang));return{id:String(p),label:f?.label||h.name||h.lang||`Track ${p+1}`,language:h.lang||f?.language||"",default:!!h.default}});this._audio.reset(g,d.audioTrack)}),d.on(u.AUDIO_TRACK_SWITCHED,(g,h)=>{this._audio.mark(h.id);let p=d.audioTracks[h.id];this.dispatchEvent(new CustomEvent("audiotrackchange",{detail:{language:p?.lang,label:p?.name}}))}),d.on(u.LEVEL_SWITCHED,(g,h)=>{let p=d.levels[h.level];p&&this._metrics?.renditionChange({width:p.width,height:p.height,bitrate:p.bitrate,name:p.name})}),d.on(u.ERROR,(g,h)=>{if(!h.fatal)return;if(h.type==="mediaError"&&this._recovered++<2)return d.recoverMediaError();if(h.type==="networkError"&&this._recovered++<2&&!h.response?.code)return void setTimeout(()=>d.startLoad(),1e3);let p=h.response?.code;this._metrics?.error(h.details,h.type),this._fail(p===401||p===403?new F(p,"token_invalid","token"):p===404?new F(404,"not_found","gone"):new F(0,"media","The video could not be played."))}),d.loadSource(n),d.attachMedia(r)}}this.autoplay&&r.play().catch(()=>{})}_useNative(){return!this.media.canPlayType("application/vnd.apple.mpegurl")?!1:this.preferPlayback==="native"||!(typeof MediaSource<"u"||"ManagedMediaSource"in globalThis)?!0:this.preferPlayback==="mse"?!1:"audioTracks"in HTMLMediaElement.prototype}_applyCap(){let t=this._hls;t&&(t.autoLevelCapping=Ol(t.levels,Ul(this.quality)))}_startMetrics(t){if(this.metrics==="off"||this._metrics)return;let s=this.metrics&&/^https?:|^\//.test(this.metrics)?this.metrics:`${ke(this)}/v1/events`;this._metrics=new Lt({endpoint:s,embed:t.embed}),this._metrics.attach(this.media)}_addTextTracks(t){let s=this.media;for(let l of Array.from(s.querySelectorAll("track")))l.remove();if(t.urls.storyboard){let l=document.createElement("track");l.kind="metadata",l.label="thumbnails",l.src=t.urls.storyboard.replace(/storyboard\.jpg(\?.*)?$/,"storyboard.vtt$1"),l.default=!0,s.append(l)}let r=t.audio_tracks?.find(l=>l.default)?.language,{offered:a,active:n}=Qa(t.subtitles||[],this.subtitles,this.activeSubtitle,r);for(let l of a){let d=document.createElement("track");d.kind="subtitles",d.srclang=l.language,d.label=l.label||l.language,d.src=l.url,s.append(d)}this._showSubtitle(n)}_showSubtitle(t){this._wantedSub=t;for(let s of Array.from(this.media.textTracks))s.kind!=="subtitles"&&s.kind!=="captions"||(s.mode=t&&De(s.language,t)?"showing":"disabled")}async _loadTheme(){let t=this.shadowRoot;if(t&&(this._themeSheet&&(t.adoptedStyleSheets=t.adoptedStyleSheets.filter(s=>s!==this._themeSheet),this._themeSheet=null),!!this.theme))try{let s=await import(new URL(this.theme,document.baseURI).href),r=s.default??s.css;typeof r=="function"&&(r=await r(this));let a=typeof r=="string"?r:typeof s.css=="string"?s.css:"";if(a){let n=new CSSStyleSheet;n.replaceSync(a),this._themeSheet=n,t.adoptedStyleSheets=[...t.adoptedStyleSheets,n]}this.dispatchEvent(new CustomEvent("reel-theme",{detail:{theme:this.theme}}))}catch(s){console.warn("reel-player: theme failed to load",this.theme,s)}}_posterURL(){let t=this._info,s=this.poster;if(s==="none")return;let r=$l(s);if(r!=null&&t?.urls.frame){let a=Math.round((this.clientWidth||640)*(globalThis.devicePixelRatio||1));return Pl(t.urls.frame,r,Math.max(16,Math.min(3840,a)))}return s||t?.urls.poster||t?.poster||void 0}render(){let t=ir(this.controls),s=this._info,r=!!this.querySelector(':scope > [slot="end-screen"]'),a=this.color?`--reel-accent:${this.color}`:"",n=this._posterURL(),l=this._state==="error"||this._state==="processing";return S`
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
        ${n?S`<media-poster-image slot="poster" part="poster" src=${n} alt=${s?.title||""}></media-poster-image>`:T}
        <media-loading-indicator slot="centered-chrome" noautohide></media-loading-indicator>
        ${t.has("subtitles")?S`<media-captions-menu id="captions-menu" hidden anchor="auto"></media-captions-menu>`:T}
        ${t.has("audiotracks")?S`<media-audio-track-menu id="audio-menu" hidden anchor="auto"></media-audio-track-menu>`:T}
        ${t.size?S`<media-control-bar part="control-bar">
              ${t.has("play")?S`<media-play-button part="play-button"></media-play-button>`:T}
              ${t.has("volume")?S`<media-mute-button part="mute-button"></media-mute-button
                    ><media-volume-range part="volume-range"></media-volume-range>`:T}
              ${t.has("time")?S`<media-time-display part="time" showduration></media-time-display>`:T}
              ${t.has("seek")?S`<media-time-range part="seek-bar">
                    <media-preview-thumbnail slot="preview"></media-preview-thumbnail>
                    <media-preview-time-display slot="preview"></media-preview-time-display>
                  </media-time-range>`:S`<span style="flex:1"></span>`}
              ${t.has("rate")?S`<media-playback-rate-button part="rate-button"></media-playback-rate-button>`:T}
              ${t.has("subtitles")?S`<media-captions-menu-button part="subtitles-button" invoketarget="captions-menu"></media-captions-menu-button>`:T}
              ${t.has("audiotracks")?S`<media-audio-track-menu-button part="audiotracks-button" invoketarget="audio-menu"></media-audio-track-menu-button>`:T}
              ${t.has("pip")?S`<media-pip-button part="pip-button"></media-pip-button>`:T}
              ${t.has("fullscreen")?S`<media-fullscreen-button part="fullscreen-button"></media-fullscreen-button>`:T}
            </media-control-bar>`:T}
      </media-controller>
      <div class="end" part="end-screen" ?hidden=${!(this._ended&&r)}>
        <slot name="end-screen" @slotchange=${()=>this.requestUpdate()}></slot>
      </div>
      <div class="message" part="message" role=${this._state==="error"?"alert":"status"} ?hidden=${!l}>
        ${l?this._message:""}
      </div>
    `}};At.properties={...q.properties,color:{type:String},theme:{type:String},controls:{type:String},subtitles:{type:String},activeSubtitle:{type:String,attribute:"active-subtitle"},autoplay:{type:Boolean},muted:{type:Boolean},loop:{type:Boolean},poster:{type:String},quality:{type:String},start:{type:Number},metrics:{type:String},preferPlayback:{type:String,attribute:"prefer-playback"},_ended:{state:!0},_themeCSS:{state:!0}},At.hlsSrc="",At.styles=re`
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
  `;le("reel-player",At);var $i=class extends q{constructor(){super();this._visible=!1;this._vio=null;this._mq=null;this._onMq=()=>this._reduced=!!this._mq?.matches;this.fit=null,this.alt=null,this._reduced=!1}connectedCallback(){super.connectedCallback(),this._mq=globalThis.matchMedia?.("(prefers-reduced-motion: reduce)")??null,this._reduced=!!this._mq?.matches,this._mq?.addEventListener("change",this._onMq),this._vio=new IntersectionObserver(t=>{this._visible=t.some(s=>s.isIntersecting),this._sync()},{threshold:.2}),this._vio.observe(this)}disconnectedCallback(){super.disconnectedCallback(),this._vio?.disconnect(),this._mq?.removeEventListener("change",this._onMq)}get media(){return this.shadowRoot?.querySelector("video")??null}async onInfo(t){await this.updateComplete,this._sync()}updated(){this._sync()}_sync(){let t=this.media;t&&(this._visible&&!this._reduced?t.play().catch(()=>{}):t.pause())}render(){let t=this._info;if(!t)return T;let s=this.alt??t.title??"";return this._reduced?S`<img part="poster" src=${t.urls.poster||t.poster} alt=${s} />`:S`<video
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
      aria-label=${s}
      @playing=${()=>this.dispatchEvent(new Event("playing"))}
      @pause=${()=>this.dispatchEvent(new Event("pause"))}
    ></video>`}};$i.properties={...q.properties,fit:{type:String,reflect:!0},alt:{type:String},_reduced:{state:!0}},$i.styles=re`
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
  `;le("reel-clip",$i);var Ni=class extends q{constructor(){super();this._player=null;this._onTime=()=>this._tick();this.language=null,this.player=null,this.autoscroll=null,this._cues=[],this._active=-1}disconnectedCallback(){super.disconnectedCallback(),this._unlink()}get cues(){return this._cues}willUpdate(t){super.willUpdate(t),t.has("language")&&this.hasUpdated&&this._info&&this.onInfo(this._info)}async onInfo(t){this._link();let s=t.urls.poster?t.urls.poster.replace(/poster\.jpg(\?.*)?$/,"transcript.json$1"):"",r=t.transcript||(s.includes("transcript.json")?s:""),a=[];try{let n=this.language,l=r?await Yi(r):null;if(n&&(!l||!De(l.language,n))){let d=t.subtitles?.find(u=>De(u.language,n));if(d){let u=await fetch(he(d.url,this.token),{credentials:"omit"});u.ok&&(l={language:d.language,segments:Nl(await u.text())})}}a=l?.segments??[]}catch{a=[]}this._cues=a,this._tick()}_findPlayer(){let t=this.getRootNode();if(this.player)return t.querySelector(this.player)??document.querySelector(this.player);let s=`reel-player[embed="${CSS.escape(this.embed||"")}"]`;return t.querySelector(s)??document.querySelector(s)}_link(){let t=this._findPlayer();t!==this._player&&(this._unlink(),this._player=t,t?.addEventListener("timeupdate",this._onTime),t?.addEventListener("seeked",this._onTime))}_unlink(){this._player?.removeEventListener("timeupdate",this._onTime),this._player?.removeEventListener("seeked",this._onTime),this._player=null}_tick(){this._player||this._link();let t=this._player?.currentTime??0,s=Hl(this._cues,t);s!==this._active&&(this._active=s,s>=0&&this.autoscroll!=="off"&&this.updateComplete.then(()=>{let r=this.shadowRoot?.querySelector(`li[data-i="${s}"]`);if(!r)return;let a=r.offsetTop-this.clientHeight/3;this.scrollTo({top:Math.max(0,a),behavior:"smooth"})}))}_seek(t){this._link(),this._player&&(this._player.currentTime=t.start+.001,this._player.paused&&this._player.play().catch(()=>{})),this.dispatchEvent(new CustomEvent("cue-click",{detail:t}))}render(){return this._state==="error"?S`<p part="message" role="alert">${this._message}</p>`:this._cues.length?S`<ol part="list" aria-label="Transcript">
      ${this._cues.map((t,s)=>S`<li data-i=${s} part=${s===this._active?"cue active":"cue"} aria-current=${s===this._active?"true":"false"}>
            <button @click=${()=>this._seek(t)} aria-label=${`${jt(t.start)}: ${t.text}`}>
              <span class="t" part="time">${jt(t.start)}</span><span>${t.text}</span>
            </button>
          </li>`)}
    </ol>`:T}};Ni.properties={...q.properties,language:{type:String},player:{type:String},autoscroll:{type:String},_cues:{state:!0},_active:{state:!0}},Ni.styles=re`
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
  `;le("reel-text",Ni);var Hi=class extends q{constructor(){super();this._metrics=null;this.controls=null,this.color=null,this.autoplay=!1,this.loop=!1,this.start=null,this.metrics=null;let t=document.createElement("audio");t.setAttribute("slot","media"),t.setAttribute("crossorigin","anonymous"),t.setAttribute("preload","metadata");for(let s of["play","pause","ended","timeupdate","playing","seeked","loadedmetadata","volumechange","error"])t.addEventListener(s,()=>this.dispatchEvent(new Event(s)));this.media=t}async play(){return this._state!=="ready"&&await this.load(),this.media.play()}pause(){this.media.pause()}get currentTime(){return this.media.currentTime}set currentTime(t){this.media.currentTime=t}get duration(){return this.media.duration}get paused(){return this.media.paused}disconnectedCallback(){super.disconnectedCallback(),this._metrics?.destroy(),this._metrics=null}async onInfo(t){let s=this.media;s.loop=this.loop,s.src=t.urls.audio,this.start&&s.addEventListener("loadedmetadata",()=>s.currentTime=this.start||0,{once:!0}),this.metrics!=="off"&&(this._metrics?.destroy(),this._metrics=new Lt({endpoint:`${ke(this)}/v1/events`,embed:t.embed}),this._metrics.attach(s)),this.autoplay&&s.play().catch(()=>{})}render(){let t=ir(this.controls??"play time seek volume");return S`<media-controller
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
        ${t.has("play")?S`<media-play-button></media-play-button>`:T}
        ${t.has("time")?S`<media-time-display showduration></media-time-display>`:T}
        ${t.has("seek")?S`<media-time-range></media-time-range>`:T}
        ${t.has("rate")?S`<media-playback-rate-button></media-playback-rate-button>`:T}
        ${t.has("volume")?S`<media-mute-button></media-mute-button><media-volume-range></media-volume-range>`:T}
      </media-control-bar>
    </media-controller>
    ${this._state==="error"||this._state==="processing"?S`<p part="message" role=${this._state==="error"?"alert":"status"}>${this._message}</p>`:T}`}};Hi.properties={...q.properties,controls:{type:String},color:{type:String},autoplay:{type:Boolean},loop:{type:Boolean},start:{type:Number},metrics:{type:String}},Hi.styles=re`
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
  `;le("reel-audio",Hi);var er=null;function Gm(){return er||(er=import(at.tusSrc||new URL("./tus.js",import.meta.url).href),er.catch(()=>er=null)),er}var at=class extends ge{constructor(){super();this._upload=null;this._file=null;this._video=null;this._embed=null;this.token=null,this.api=null,this.endpoint=null,this.accept="video/*,audio/*",this.videoTitle="",this.collection=null,this.chunkSize=null,this.follow=null,this._state="idle",this._sent=0,this._total=0,this._message="",this._drag=!1}get state(){return this._state}get video(){return{video:this._video,embed:this._embed}}disconnectedCallback(){super.disconnectedCallback(),clearTimeout(this._pollTimer)}async upload(t){this._upload?.abort().catch(()=>{}),this._upload=null,clearTimeout(this._pollTimer),this._file=t,this._video=this._embed=null,this._sent=0,this._total=t.size,this._message="";let s=this.endpoint||`${ke(this)}/v1/uploads`,r={filename:t.name,filetype:t.type||"application/octet-stream"};r.title=this.videoTitle||t.name.replace(/\.[^.]+$/,""),this.collection&&(r.collection=this.collection),this._state="uploading";let a;try{({createUpload:a}=await Gm())}catch{this._state="error",this._message="The uploader could not be loaded. Check your connection and retry.",this.dispatchEvent(new CustomEvent("error",{detail:{code:"network",status:0,message:this._message}}));return}this._file===t&&(this._upload=a(t,{endpoint:s,headers:this.token?{Authorization:`Bearer ${this.token}`}:{},metadata:r,chunkSize:this.chunkSize||8*1024*1024,retryDelays:[0,1e3,3e3,5e3,1e4],onShouldRetry:n=>{let l=n.originalResponse?.getStatus()??0;return l===0||l===409||l===423||l===429||l>=500},onAfterResponse:(n,l)=>{let d=l.getHeader("Reel-Video-Id"),u=l.getHeader("Reel-Video-Embed");d&&(this._video=d),u&&(this._embed=u)},onProgress:(n,l)=>{this._sent=n,this._total=l,this.dispatchEvent(new CustomEvent("progress",{detail:{sent:n,total:l}}))},onSuccess:()=>{this._state="processing",this.dispatchEvent(new CustomEvent("success",{detail:{video:this._video,embed:this._embed}})),this._follow(0)},onError:n=>{let l=n.originalResponse,d=l?.getStatus()??0,u=d===401?"unauthorized":d===413?"payload_too_large":d?"http_"+d:"network";try{let g=JSON.parse(l?.getBody?.()||"{}");g.code&&(u=g.code)}catch{}this._state="error",this._message=d===401||d===403?"The upload was refused: the upload token is missing, invalid or expired.":d===413?"This file is too large.":d===0?"The upload was interrupted. Check your connection and retry.":`The upload failed (${d}).`,this.dispatchEvent(new CustomEvent("error",{detail:{code:u,status:d,message:this._message}}))}}),this.dispatchEvent(new CustomEvent("upload-start",{detail:{file:t}})),this._upload.start())}pause(){this._state!=="uploading"||!this._upload||(this._state="paused",this._upload.abort())}resume(){this._state!=="paused"||!this._upload||(this._state="uploading",this._upload.start())}retry(){this._state==="error"&&(!this._upload&&this._file?this.upload(this._file):this._upload&&this._file&&(this._state="uploading",this._message="",this._upload.start()))}cancel(){this._upload?.abort(!0).catch(()=>{}),this._upload=null,clearTimeout(this._pollTimer),this._state="idle"}_follow(t){if(this.follow==="off"||!this._embed)return;let s=this._embed;this._pollTimer=setTimeout(async()=>{try{let r=await Qi(ke(this),s,null,!0);if(r.playable){this._state="playable",this.dispatchEvent(new CustomEvent("playable",{detail:{video:this._video,embed:s,info:r}}));return}if(r.state==="errored"){this._state="error",this._message="The video could not be processed.",this.dispatchEvent(new CustomEvent("error",{detail:{code:"processing_failed",message:this._message}}));return}}catch(r){if(r instanceof F&&(r.status===401||r.status===403))return;if(r instanceof F&&r.status===404&&t>5){this._state="error",this._message=St(r);return}}this._follow(t+1)},sr(t,this.constructor.pollBase,15e3))}_pick(){this.shadowRoot?.querySelector("input[type=file]")?.click()}_onDrop(t){t.preventDefault(),this._drag=!1;let s=t.dataTransfer?.files?.[0];s&&this.upload(s)}render(){let t=this._state,s=this._total?Math.floor(this._sent/this._total*100):0,r=S`<progress part="progress" max="100" value=${s} aria-label="Upload progress"></progress>
      <div aria-live="polite">${s}% · ${Gi(this._sent)} of ${Gi(this._total)}</div>`;return S`
      <input type="file" accept=${this.accept} hidden @change=${a=>{let n=a.target,l=n.files?.[0];l&&this.upload(l),n.value=""}} />
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
          <slot name="uploading">${r}</slot>
          <button part="button" data-action="pause" @click=${()=>this.pause()}>Pause</button>
        </div>
        <div ?hidden=${t!=="paused"}>
          <slot name="paused">${t==="paused"?r:T}<p>Paused</p></slot>
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
    `}};at.properties={token:{type:String},api:{type:String},endpoint:{type:String},accept:{type:String},videoTitle:{type:String,attribute:"video-title"},collection:{type:String},chunkSize:{type:Number,attribute:"chunk-size"},follow:{type:String},_state:{state:!0},_sent:{state:!0},_total:{state:!0},_message:{state:!0},_drag:{state:!0}},at.pollBase=1e3,at.tusSrc="",at.styles=re`
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
  `;le("reel-upload",at);var Bi=class extends ge{constructor(){super(),this.token=null,this.api=null,this.collection=null,this.order=null,this.limit=null,this.player=null,this._items=[],this._cursor=null,this._busy=!1,this._error="",this._selected=null}get items(){return this._items}willUpdate(e){["token","api","collection","order","limit"].some(t=>e.has(t))&&(this._items=[],this._cursor=null,this.more(!0))}async more(e=!1){if(this._busy||!e&&!this._cursor)return;this._busy=!0;let t=new URLSearchParams;this.collection&&t.set("collection",this.collection),this.order&&t.set("order",this.order),this.limit&&t.set("limit",String(this.limit)),!e&&this._cursor&&t.set("cursor",this._cursor);let s=t.toString();try{let r=await Yi(he(`${ke(this)}/v1/list${s?"?"+s:""}`,this.token));this._items=e?r.data:[...this._items,...r.data],this._cursor=r.next_cursor||null,this._error=""}catch(r){let a=r instanceof F?r:new F(0,"network",String(r));this._error=a.code==="not_found"?"Nothing to show.":St(a),this.dispatchEvent(new CustomEvent("reel-error",{detail:{code:a.code,status:a.status,message:this._error}}))}finally{this._busy=!1}}_select(e){if(this._selected=e.embed,this.player){let t=document.querySelector(this.player);t&&(t.setAttribute("embed",e.embed),this.token&&!t.hasAttribute("token")&&t.setAttribute("token",this.token))}this.dispatchEvent(new CustomEvent("select",{detail:e}))}_fromTemplate(e,t){let s=e.content.cloneNode(!0);for(let r of Array.from(s.querySelectorAll("[data-field]"))){let a=r.dataset.field;a==="poster"&&r instanceof HTMLImageElement?(t.poster?r.src=he(t.poster,this.token):r.hidden=!0,r.alt||(r.alt=t.title||"")):a==="duration"?r.textContent=jt(t.duration):a==="created_at"?r.textContent=new Date(t.created_at).toLocaleDateString():r.textContent=String(t[a]??"")}return s}render(){let e=this.querySelector(":scope > template");return S`
      ${this._error?S`<p part="message" role="alert">${this._error}</p>`:T}
      <ul part="list">
        ${this._items.map(t=>S`<li>
            <button
              class="item"
              part=${t.embed===this._selected?"item selected":"item"}
              aria-pressed=${t.embed===this._selected?"true":"false"}
              data-embed=${t.embed}
              @click=${()=>this._select(t)}
            >
              ${e?this._fromTemplate(e,t):S`${t.poster?S`<img src=${he(t.poster,this.token)} alt="" loading="lazy" />`:S`<span part="poster-placeholder" class="placeholder"></span>`}
                    <span part="title">${t.title||"Untitled"}</span>
                    <span part="duration">${jt(t.duration)}</span>`}
            </button>
          </li>`)}
      </ul>
      ${this._cursor?S`<button class="more" part="more" ?disabled=${this._busy} @click=${()=>this.more()}>More</button>`:T}
    `}};Bi.properties={token:{type:String},api:{type:String},collection:{type:String},order:{type:String},limit:{type:Number},player:{type:String},_items:{state:!0},_cursor:{state:!0},_busy:{state:!0},_error:{state:!0},_selected:{state:!0}},Bi.styles=re`
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
  `;le("reel-list",Bi);var zm={sd:"SD",hd:"HD",fhd:"Full HD",qhd:"QHD",uhd:"4K"},Wi=class extends q{constructor(){super(),this.renditions=null}render(){if(this._state==="error"||this._state==="processing")return S`<p part="message" role=${this._state==="error"?"alert":"status"}>${this._message}</p>`;let e=this._info;if(!e)return T;let t=Bl(e.renditions||[],this.renditions),s=(e.title||e.embed).replace(/[\\/:*?"<>|]+/g,"_");return S`<ul part="list">
      ${t.map(r=>{let a=r.name.split("_").pop()||r.name,n=`${zm[a]??r.name} (${r.width}×${r.height})`;return S`<li>
          <a part="link" href=${r.url} download=${`${s} ${a}.mp4`} data-rendition=${r.name}>${n}</a
          ><span class="size" part="size">${Gi(r.size)}</span>
        </li>`})}
    </ul>`}};Wi.properties={...q.properties,renditions:{type:String}},Wi.styles=re`
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
  `;le("reel-files",Wi);Wl(import.meta.url);export{q as EmbedElement,cu as MEDIA_EVENTS,Lt as Metrics,Hi as ReelAudio,$i as ReelClip,F as ReelError,Wi as ReelFiles,Bi as ReelList,At as ReelPlayer,Ni as ReelText,at as ReelUpload,St as describeError,Qi as lookupEmbed};
